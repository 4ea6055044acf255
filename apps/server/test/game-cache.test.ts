import { Game } from '@sbc/game';
import { describe, expect, it } from 'vitest';
import { GameCache } from '../src/features/games/cache.ts';
import type { LoadedGame, StoredRecord } from '../src/features/games/types.ts';

/** A game in play (or ended) at a version; the cache reads nothing else of it. */
function loaded(id: string, version: number, ended = false): LoadedGame {
  const created = Game.create();
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  if (ended) game.resign();
  const row = { id, version } as LoadedGame['row'];
  return { row, names: { white: null, black: null }, stored: {} as StoredRecord, game };
}

function cache(capacity = 3, idleMs = 60_000) {
  let time = 0;
  const games = new GameCache(capacity, idleMs, () => new Date(time));
  return { games, advance: (ms: number) => (time += ms) };
}

describe('the cache of games in play', () => {
  it('drops the least recently used game beyond its capacity', () => {
    const { games } = cache(2);
    games.put(loaded('a', 1));
    games.put(loaded('b', 1));
    expect(games.game('a', 1)).toBeDefined(); // a is now used after b
    games.put(loaded('c', 1));
    expect(games.size).toBe(2);
    expect(games.game('b', 1)).toBeUndefined();
    expect(games.game('a', 1)).toBeDefined();
    expect(games.game('c', 1)).toBeDefined();
  });

  it('drops a game unused for its idle time, and one that ended', () => {
    const { games, advance } = cache(3, 1000);
    games.put(loaded('a', 1));
    advance(600);
    games.put(loaded('b', 1));
    advance(600);
    expect(games.game('a', 1)).toBeUndefined();
    expect(games.game('b', 1)).toBeDefined();
    games.put(loaded('b', 2, true));
    expect(games.size).toBe(0);
  });

  it('answers a read only at its version, and never lets an older version replace a newer', () => {
    const { games } = cache();
    games.put(loaded('a', 2));
    expect(games.game('a', 1)).toBeUndefined();
    games.put(loaded('a', 1));
    expect(games.game('a', 2)).toBeDefined();
  });

  it('lends a game out to one intention at a time', () => {
    const { games } = cache();
    games.put(loaded('a', 1));
    expect(games.take('a')?.row.version).toBe(1);
    expect(games.take('a')).toBeUndefined();
  });

  it("follows another instance's next version, drops an entry that cannot follow, and ignores its own", () => {
    const { games } = cache();
    games.put(loaded('a', 2));
    games.put(loaded('b', 2));
    games.put(loaded('c', 2));
    const next = (l: LoadedGame) => ({ ...l, row: { ...l.row, version: l.row.version + 1 } });
    games.follow('a', 2, next);
    expect(games.game('a', 2)).toBeDefined();
    games.follow('a', 3, next);
    expect(games.game('a', 3)).toBeDefined();
    games.follow('b', 4, next); // a version was missed
    games.follow('c', 3, () => null);
    expect([games.game('b', 2), games.game('c', 2), games.size]).toEqual([undefined, undefined, 1]);
  });
});
