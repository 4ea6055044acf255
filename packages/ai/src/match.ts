/**
 * `npm run -s match -- --a <level> --b <level> --games N [--standard] [--threads T] [--seed S]`:
 * a match between two levels. Openings are the book's lines cut after 4, 6 and 8 plies, each
 * played twice with colours swapped (the engines go on in book from there); two games run at once
 * in worker threads (one per core). The seed (random unless given, always printed) fixes the
 * levels' random choices. Prints each result, then wins-draws-losses for A, its score and the Elo
 * difference ± a 95 % margin.
 */
import { availableParallelism } from 'node:os';
import { isLevel, type Level } from '@sbc/game';
import { BOOK_LINES } from './book.ts';
import type { GameRecord, GameSpec } from './match-game.ts';
import { startWorker } from './worker/node.ts';

const USAGE =
  'usage: match --a <easy|medium|hard> --b <easy|medium|hard> --games N [--standard] [--threads T] [--seed S]';

function fail(message: string): never {
  process.stderr.write(`match: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const options = new Map<string, string>();
let standard = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === '--standard') standard = true;
  else if (['--a', '--b', '--games', '--threads', '--seed'].includes(arg) && argv[i + 1] !== undefined)
    options.set(arg, argv[++i]);
  else fail(`unexpected argument '${arg}'`);
}
const a = options.get('--a') ?? '';
const b = options.get('--b') ?? '';
if (!isLevel(a) || !isLevel(b)) fail('--a and --b must each be easy, medium or hard');
const games = Number(options.get('--games') ?? 'NaN');
if (!Number.isInteger(games) || games < 1) fail('--games must be a whole number from 1');
const threads = Number(options.get('--threads') ?? Math.min(2, availableParallelism()));
if (!Number.isInteger(threads) || threads < 1) fail('--threads must be a whole number from 1');
// A random seed by default, printed so that the match can be replayed.
const seed = Number(options.get('--seed') ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(seed)) fail('--seed must be a whole number');

const openings = [
  ...new Set([4, 6, 8].flatMap((plies) => BOOK_LINES.map((l) => l.split(' ').slice(0, plies).join(' ')))),
];
const specs: GameSpec[] = Array.from({ length: games }, (_, index) => {
  const aWhite = index % 2 === 0;
  return {
    index,
    white: (aWhite ? a : b) as Level,
    black: (aWhite ? b : a) as Level,
    opening: openings[(index >> 1) % openings.length].split(' '),
    standard,
    seed: (seed + index) | 0,
  };
});

console.log(
  `match ${a} (A) vs ${b} (B), ${games} games, ${standard ? 'standard chess' : 'Shared Box Chess'}, ${threads} threads, seed ${seed}`,
);
const score = { wins: 0, draws: 0, losses: 0 };
let next = 0;
let finished = 0;
const started = Date.now();

function record(r: GameRecord): void {
  const spec = specs[r.index];
  const aWhite = r.index % 2 === 0;
  const aScore = r.result === '1/2-1/2' ? 0.5 : (r.result === '1-0') === aWhite ? 1 : 0;
  if (aScore === 1) score.wins++;
  else if (aScore === 0) score.losses++;
  else score.draws++;
  console.log(
    `game ${r.index + 1}: ${spec.white} (white) - ${spec.black} (black) ${r.result} ${r.reason}, ${r.plies} plies; ` +
      `A ${score.wins}-${score.draws}-${score.losses} | ${r.moves.join(' ')}`,
  );
}

function summary(): void {
  const n = score.wins + score.draws + score.losses;
  const points = score.wins + score.draws / 2;
  const mean = points / n;
  const variance =
    (score.wins * (1 - mean) ** 2 + score.draws * (0.5 - mean) ** 2 + score.losses * mean ** 2) / n;
  const error = Math.sqrt(variance / n);
  const elo = (p: number) => -400 * Math.log10(1 / Math.min(Math.max(p, 0.5 / n), 1 - 0.5 / n) - 1);
  const margin = (elo(mean + 1.96 * error) - elo(mean - 1.96 * error)) / 2;
  const bound = mean === 1 ? '≥ ' : mean === 0 ? '≤ ' : '';
  console.log(
    `final: ${a} vs ${b}: W-D-L ${score.wins}-${score.draws}-${score.losses}, score ${points}/${n} ` +
      `(${((100 * points) / n).toFixed(1)} %), Elo difference ${bound}${elo(mean) >= 0 ? '+' : ''}${elo(mean).toFixed(0)} ± ${margin.toFixed(0)} ` +
      `(${((Date.now() - started) / 60000).toFixed(1)} min)`,
  );
}

for (let t = 0; t < Math.min(threads, games); t++) {
  const worker = startWorker(new URL('./match-game.ts', import.meta.url));
  const feed = () => {
    if (next < specs.length) worker.postMessage(specs[next++]);
    else void worker.terminate();
  };
  worker.on(
    'message',
    (m: { ok: true; record: GameRecord } | { ok: false; index: number; error: string }) => {
      if (m.ok) record(m.record);
      else console.log(`game ${m.index + 1}: error: ${m.error}`);
      if (++finished === specs.length) summary();
      feed();
    },
  );
  worker.on('error', (e) => fail(`worker failed: ${e.message}`));
  feed();
}
