/**
 * `npm run -s bk [-- --time <ms>] [--file <epd>]`: the Bratko-Kopec test in standard chess.
 * Each of the 24 positions gets a full-strength search of 5 s (by default); a position counts as
 * solved when the move played then is one of its best moves (`bm`, in SAN, read with chess.js).
 * Prints one line per position and the score out of 24.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Engine, Line } from '@sbc/ai';
import { Chess } from 'chess.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const timeMs = Number(option('--time', '5000'));
const file = option('--file', fileURLToPath(new URL('suites/bk.epd', import.meta.url)));
if (!Number.isFinite(timeMs) || timeMs <= 0) {
  process.stderr.write('bk: --time must be a positive number of milliseconds\n');
  process.exit(2);
}

const engine = new Engine();
// Warm up first: a cold engine (JIT not done) runs several times slower for its first seconds.
const warm = Line.from('r2qk2r/pb1n2pp/1p1p1n2/2p1N1B1/4P3/2NB4/PPP1QPPP/R4RK1 w kq - 0 14', [], true);
if (warm.ok) engine.think(warm.value, { limits: { timeMs: 3000 } });
let solved = 0;
let total = 0;
for (const raw of readFileSync(file, 'utf8').split('\n')) {
  const text = raw.trim();
  if (!text || text.startsWith('#')) continue;
  const fields = text.split(' ');
  const fen = `${fields.slice(0, 4).join(' ')} 0 1`;
  const id = /id "([^"]*)"/.exec(text)?.[1] ?? `#${total + 1}`;
  const bm = (/bm ([^;]*);/.exec(text)?.[1] ?? '').trim().split(/\s+/);
  // Best moves from SAN to UCI-style move text, which is ours in standard chess.
  const best = bm.map((san) => {
    const m = new Chess(fen).move(san);
    return `${m.from}${m.to}${m.promotion ?? ''}`;
  });
  const line = Line.from(fen, [], true);
  if (!line.ok) throw new Error(`${id}: ${line.error}`);
  engine.newGame();
  const r = engine.think(line.value, { limits: { timeMs } });
  const ok = best.includes(r.text);
  total++;
  if (ok) solved++;
  console.log(
    `${id.padEnd(6)} ${ok ? 'solved' : 'missed'}  played ${r.text.padEnd(5)} best ${bm.join(' ').padEnd(10)} depth ${r.depth} score ${r.score} nodes ${r.nodes} (${Math.round((r.nodes * 1000) / r.timeMs)} nodes/s)`,
  );
}
console.log(`Bratko-Kopec: ${solved}/${total} at ${timeMs} ms per position`);
