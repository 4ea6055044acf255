import type { Level } from '@sbc/game';
import { START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Engine, Line } from '../src/index.ts';

/** The first `plies` moves of a game, easy (white) against medium, from the book on. */
function game(seed: number, engines: [Engine, Engine], plies = 24): string[] {
  const started = Line.from(START_SBFEN, [], false);
  if (!started.ok) throw new Error(started.error);
  const line = started.value;
  const levels: Level[] = ['easy', 'medium'];
  const moves: string[] = [];
  for (const e of engines) e.newGame();
  while (moves.length < plies) {
    const side = line.pos.turn;
    const r = engines[side].think(line, { level: levels[side], seed });
    if (!r.move) break;
    moves.push(r.text);
    line.play(r.move);
  }
  return moves;
}

describe('a seed', () => {
  it("replays the levels' book choices, randomness and blunders", () => {
    const engines: [Engine, Engine] = [new Engine(16), new Engine(16)];
    const first = game(5, engines);
    // Another game in between does not change it: each move draws from the seed and its ply.
    expect(game(6, engines)).not.toEqual(first);
    expect(game(5, engines)).toEqual(first);
    expect(game(5, [new Engine(16), new Engine(16)])).toEqual(first);
  });
});
