#!/usr/bin/env bash
# Lighthouse performance and accessibility of the landing page and a game page.
#
#   npm run build -w @sbc/web
#   PORT=3200 DATA_DIR=/tmp/sbc-perf-data npx tsx apps/server/src/main.ts   # in another shell
#   bash scripts/bench-lighthouse.sh
#
# Registers a fresh user with curl, creates a local game with the same cookie jar, and runs
# Lighthouse 12 (default mobile emulation and throttling) against / signed out and /game/<id> with
# the session cookie passed by --extra-headers. Uses the system Chromium (CHROME_PATH); Lighthouse
# downloads no browser. Reports go to $OUT (default /tmp/sbc-lighthouse).
set -euo pipefail

BASE="${SBC_URL:-http://localhost:3200}"
OUT="${OUT:-/tmp/sbc-lighthouse}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
FLAGS="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
mkdir -p "$OUT"

name="lh$(date +%s)"
jar="$OUT/jar"
rm -f "$jar"
curl -sf -c "$jar" -H "Origin: $BASE" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$name\",\"password\":\"secret123\",\"email\":\"$name@example.com\"}" \
  "$BASE/api/register" > /dev/null
game_id=$(curl -sf -b "$jar" -H "Origin: $BASE" -H 'Content-Type: application/json' \
  -d '{"isComputerGame":false}' "$BASE/api/games" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')
session=$(awk '$6 == "sbc_session" { print $7 }' "$jar")
[ -n "$session" ] || { echo "no sbc_session cookie" >&2; exit 1; }
printf '{"Cookie": "sbc_session=%s"}\n' "$session" > "$OUT/headers.json"

run() { # name url [extra args]
  local n="$1" url="$2"; shift 2
  npx --yes lighthouse@12 "$url" --only-categories=performance,accessibility \
    --output=json --output-path="$OUT/$n.json" --chrome-flags="$FLAGS" --quiet "$@"
}

run landing "$BASE/"
run game "$BASE/game/$game_id" --extra-headers="$OUT/headers.json"

node - "$OUT" <<'EOF'
const fs = require('fs');
const out = process.argv[2];
for (const n of ['landing', 'game']) {
  const r = JSON.parse(fs.readFileSync(`${out}/${n}.json`, 'utf8'));
  const score = (c) => Math.round(r.categories[c].score * 100);
  console.log(`${n.padEnd(8)} ${r.finalDisplayedUrl}`);
  console.log(`  performance ${score('performance')}  accessibility ${score('accessibility')}`);
  const m = (id) => r.audits[id]?.displayValue ?? '-';
  console.log(`  FCP ${m('first-contentful-paint')}  LCP ${m('largest-contentful-paint')}  TBT ${m('total-blocking-time')}  CLS ${m('cumulative-layout-shift')}  SI ${m('speed-index')}`);
  for (const c of ['performance', 'accessibility']) {
    if (score(c) >= 95) continue;
    // Scored audits first (by lost points), then the diagnostics and insights that fail.
    const lost = (a) => a.weight * (1 - r.audits[a.id].score);
    const failing = r.categories[c].auditRefs
      .filter((a) => r.audits[a.id].score !== null && r.audits[a.id].score < 0.9 && r.audits[a.id].scoreDisplayMode !== 'notApplicable')
      .sort((a, b) => lost(b) - lost(a) || r.audits[a.id].score - r.audits[b.id].score)
      .slice(0, 12);
    for (const a of failing) {
      const au = r.audits[a.id];
      console.log(`  ${c} failing: ${a.id} (score ${au.score}, weight ${a.weight}) ${au.displayValue ?? ''}`);
    }
  }
}
EOF
