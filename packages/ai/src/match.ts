/**
 * `npm run -s match -- --a <side> --b <side> --games N ...` (usage in `match-args.ts`, docs in
 * docs/engine.md §8): a match between levels of this engine and UCI engines, or a ladder of one
 * UCI engine's `UCI_Elo` settings. Each opening is played twice with colours swapped; games run in
 * worker threads. Prints each result, then wins-draws-losses for A, its score and the Elo
 * difference ± a 95 % margin (per rung and the fitted rating for a ladder).
 */
import { availableParallelism } from 'node:os';
import { parseMatchArgs, USAGE } from './match-args.ts';
import type { GameRecord, GameSpec } from './match-game.ts';
import { matchOpenings } from './match-openings.ts';
import { eloEstimate, fitRating, formatElo, type Rung, type Tally } from './match-stats.ts';
import { type PlayerSpec, playerLabel } from './players.ts';
import { startWorker } from './worker/node.ts';

function fail(message: string): never {
  process.stderr.write(`match: ${message}\n${USAGE}\n`);
  process.exit(2);
}

// A random seed by default, printed so that the match can be replayed.
const parsed = parseMatchArgs(process.argv.slice(2), {
  threads: Math.min(2, availableParallelism()),
  seed: Math.floor(Math.random() * 2 ** 31),
});
if (!parsed.ok) fail(parsed.error);
const settings = parsed.value;
const { a, games, standard, movetimeMs, nodes, threads, seed } = settings;

/** B at each rung: the ladder's UCI_Elo settings, or B as given. */
const rungs: { b: PlayerSpec; rating?: number }[] = settings.ladder.length
  ? settings.ladder.map((rating) => {
      const b = settings.b as { uci: string; options: [string, string][] };
      const options: [string, string][] = [
        ...b.options,
        ['UCI_LimitStrength', 'true'],
        ['UCI_Elo', String(rating)],
      ];
      return { b: { uci: b.uci, options }, rating };
    })
  : [{ b: settings.b }];
const openings = matchOpenings(standard);
const specs: GameSpec[] = rungs.flatMap(({ b }, r) =>
  Array.from({ length: games }, (_, i) => ({
    index: r * games + i,
    a,
    b,
    aWhite: i % 2 === 0,
    opening: openings[(i >> 1) % openings.length],
    standard,
    seed: (seed + i) | 0,
    movetimeMs,
    nodes,
  })),
);

console.log(
  `match ${playerLabel(a)} (A) vs ${playerLabel(settings.b)} (B)${settings.ladder.length ? ` at UCI_Elo ${settings.ladder.join(', ')}` : ''}, ` +
    `${specs.length} games, ${standard ? 'standard chess' : 'Shared Box Chess'}, ` +
    `${movetimeMs ? `${movetimeMs} ms a move` : nodes ? `${nodes} nodes a move` : "the levels' own time"}, ${threads} threads, seed ${seed}`,
);
const tallies: Tally[] = rungs.map(() => ({ wins: 0, draws: 0, losses: 0 }));
const errors: string[] = [];
const started = Date.now();

function record(r: GameRecord): void {
  const spec = specs[r.index];
  const tally = tallies[Math.floor(r.index / games)];
  const aScore = r.result === '1/2-1/2' ? 0.5 : (r.result === '1-0') === spec.aWhite ? 1 : 0;
  if (aScore === 1) tally.wins++;
  else if (aScore === 0) tally.losses++;
  else tally.draws++;
  const white = spec.aWhite ? 'A' : 'B';
  console.log(
    `game ${r.index + 1}: ${white} white, ${r.result} ${r.reason}, ${r.plies} plies; ` +
      `A ${tally.wins}-${tally.draws}-${tally.losses} | ${r.moves.join(' ')}`,
  );
}

const line = (name: string, t: Tally): string => {
  const n = t.wins + t.draws + t.losses;
  const points = t.wins + t.draws / 2;
  return (
    `${name}: W-D-L ${t.wins}-${t.draws}-${t.losses}, score ${points}/${n} ` +
    `(${((100 * points) / n).toFixed(1)} %), Elo difference ${formatElo(eloEstimate(t))}`
  );
};

function summary(): void {
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (errors.length) console.log(`${errors.length} games failed to start and are not counted`);
  const played = rungs
    .map((r, i) => ({ ...r, tally: tallies[i] }))
    .filter((r) => r.tally.wins + r.tally.draws + r.tally.losses > 0);
  if (!settings.ladder.length) {
    if (played.length)
      console.log(
        `final: ${line(`${playerLabel(a)} vs ${playerLabel(settings.b)}`, tallies[0])} (${minutes} min)`,
      );
    return;
  }
  for (const r of played) console.log(`rung UCI_Elo ${r.rating}: ${line('A', r.tally)}`);
  if (!played.length) return;
  const fitted = fitRating(played.map((r): Rung => ({ rating: r.rating ?? 0, ...r.tally })));
  console.log(
    `final: ${playerLabel(a)} rated ${formatElo(fitted, false)} ` +
      `on the UCI_Elo scale of ${playerLabel(settings.b)} (maximum likelihood over ${played.reduce((s, r) => s + r.tally.wins + r.tally.draws + r.tally.losses, 0)} games, ${minutes} min)`,
  );
}

let next = 0;
let finished = 0;
for (let t = 0; t < Math.min(threads, specs.length); t++) {
  const worker = startWorker(new URL('./match-game.ts', import.meta.url));
  const feed = () => worker.postMessage(next < specs.length ? specs[next++] : null);
  worker.on(
    'message',
    (m: { ok: true; record: GameRecord } | { ok: false; index: number; error: string }) => {
      if (m.ok) record(m.record);
      else {
        errors.push(m.error);
        console.log(`game ${m.index + 1}: error: ${m.error}`);
      }
      if (++finished === specs.length) summary();
      feed();
    },
  );
  worker.on('error', (e) => fail(`worker failed: ${e.message}`));
  feed();
}
