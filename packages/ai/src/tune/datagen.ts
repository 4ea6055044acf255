/**
 * `npm run -s datagen -- --games N [--standard] [--nodes N] [--random-plies N] [--per-game N]
 * [--seed S] [--player full|uci:<command>] [--out FILE]`: self-play games of the full-strength
 * engine (or of a UCI engine, `--player`) at a fixed node count per move, from the match openings
 * plus a few varied moves (so that games differ), and writes up to `--per-game` of each game's
 * quiet positions with its result (docs/engine.md §11). The same arguments write the same file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { defenderChoice } from '@sbc/game';
import { moveText, START_SBFEN } from '@sbc/rules';
import { Engine, FULL_STRENGTH } from '../engine.ts';
import { Line } from '../line.ts';
import { playGame } from '../match-game.ts';
import { matchOpenings } from '../match-openings.ts';
import { parsePlayer, playerLabel, startPlayer, UCI_PREFIX } from '../players.ts';
import { seededRandom } from '../random.ts';
import { fileHeader, quietPositions, sampleLine, WHITE_SCORE } from './samples.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    standard: { type: 'boolean', default: false },
    nodes: { type: 'string', default: '3000' },
    'random-plies': { type: 'string', default: '4' },
    'per-game': { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    player: { type: 'string', default: 'full' },
    out: { type: 'string' },
  },
});
const number = (name: keyof typeof values): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`datagen: --${name} must be a whole number, found '${values[name]}'\n`);
    process.exit(2);
  }
  return n;
};
const standard = values.standard ?? false;
const games = number('games');
const randomPlies = number('random-plies');
const perGame = number('per-game');
const seed = number('seed');
const out = values.out ?? `data/tune/${standard ? 'chess' : 'sharedbox'}.txt`;
const limits = { nodes: Math.max(1, number('nodes')) };

/** The varied moves are drawn among those within this margin of the best, in centipawns. */
const VARIETY_MARGIN = 50;
const variety = new Engine();

/**
 * A match opening followed by `randomPlies` varied moves: each drawn at random among the moves a
 * full-strength search (at `--nodes`, every root move scored exactly) puts within VARIETY_MARGIN
 * of its best, so games part ways without throwing pieces away. Defender choices follow
 * docs/rules.md §5.
 */
function opening(index: number, random: () => number): string[] {
  const openings = matchOpenings(standard);
  const moves = [...openings[index % openings.length]];
  const started = Line.from(START_SBFEN, moves, standard);
  if (!started.ok) throw new Error(started.error);
  const line = started.value;
  for (let i = 0; i < randomPlies; i++) {
    const pos = line.pos;
    let move = pos.pendingSquare >= 0 ? defenderChoice(pos) : 0;
    if (!move) {
      const { rootScores } = variety.searcher.search(pos, line.keys, FULL_STRENGTH, {
        ...limits,
        exactRoot: true,
      });
      const best = Math.max(...rootScores.map((r) => r.score));
      const near = rootScores.filter((r) => r.score >= best - VARIETY_MARGIN);
      if (near.length === 0) break;
      move = near[Math.floor(random() * near.length)].move;
    }
    moves.push(moveText(pos, move));
    line.play(move);
  }
  return moves;
}

const player = parsePlayer(values.player ?? 'full', []);
if (typeof player === 'string' || ('level' in player && player.level !== 'full')) {
  process.stderr.write(
    `datagen: --player must be full or ${UCI_PREFIX}<command>, found '${values.player}'\n`,
  );
  process.exit(2);
}
// Both sides are the same player, each its own instance (a UCI engine: its own process).
const players = {
  a: await startPlayer(player, standard, limits),
  b: await startPlayer(player, standard, limits),
};
const lines = [fileHeader(standard)];
const seen = new Set<string>();
const started = Date.now();
for (let g = 0; g < games; g++) {
  const random = seededRandom(seed * 1_000_003 + g);
  const moves = opening(g, random);
  const record = await playGame(
    { index: g, a: player, b: player, aWhite: true, opening: moves, standard, seed },
    players,
  );
  const quiet = quietPositions(record.moves, moves.length, standard);
  // A random few per game: neighbouring positions of one game say nearly the same thing.
  for (let i = quiet.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [quiet[i], quiet[j]] = [quiet[j], quiet[i]];
  }
  // A position met before (the same opening, a transposition) is kept only the first time.
  const fresh = quiet.filter((sbfen) => !seen.has(sbfen)).slice(0, perGame);
  for (const sbfen of fresh) {
    seen.add(sbfen);
    lines.push(sampleLine(WHITE_SCORE[record.result], sbfen));
  }
  process.stderr.write(
    `game ${g + 1}/${games}: ${record.result} ${record.reason}, ${record.plies} plies; ${lines.length - 1} positions, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
}
await Promise.all([players.a.close(), players.b.close()]);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length - 1} positions of ${games} games of ${playerLabel(player)} to ${out}`);
