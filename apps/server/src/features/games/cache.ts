import type { Game } from '@sbc/game';
import type { LoadedGame } from './types.ts';

/** About 13 KB a game of 40 moves: at most some 65 MB of games in play. */
export const GAME_CACHE_SIZE = 5000;

interface Entry {
  loaded: LoadedGame;
  usedAt: number;
}

/**
 * The games in play this instance serves, as the rules rebuilt them, so that an intention does not
 * replay the whole game. The database stays the truth: a write still names the version it started
 * from, and another instance's write, from the event bus, moves the entry here on or drops it (`follow`).
 * The Map's order is the order of use, least recent first, which is what `prune` drops.
 */
export class GameCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity: number,
    /** An entry unused this long goes: by then its game has been abandoned anyway. */
    private readonly idleMs: number,
    private readonly now: () => Date,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Takes a game out while an intention changes it: a concurrent intention then rebuilds it from
   * the database and meets the version check, as without a cache.
   */
  take(id: string): LoadedGame | undefined {
    this.prune();
    const entry = this.entries.get(id);
    this.entries.delete(id);
    return entry?.loaded;
  }

  /** The game at this version, if it is here (for a read, which loads the row anyway). */
  game(id: string, version: number): Game | undefined {
    this.prune();
    const entry = this.entries.get(id);
    if (entry?.loaded.row.version !== version) return undefined;
    this.use(id, entry.loaded);
    return entry.loaded.game;
  }

  /** Keeps a game in play; one that has ended goes, and an older version never replaces a newer one. */
  put(loaded: LoadedGame): void {
    const { id, version } = loaded.row;
    const kept = this.entries.get(id);
    if (kept && kept.loaded.row.version > version) return;
    if (loaded.game.isOver) this.entries.delete(id);
    else this.use(id, loaded);
    this.prune();
  }

  /**
   * Some instance stored `version`. An entry one version behind becomes what `next` makes of it
   * (that write applied to it, without a read), or goes when `next` cannot say; an older entry
   * goes. This instance's own events find their entry at that version already (or none, while
   * it is taken), so only others' writes change one.
   */
  follow(id: string, version: number, next: (loaded: LoadedGame) => LoadedGame | null): void {
    const kept = this.entries.get(id);
    if (!kept || kept.loaded.row.version >= version) return;
    const followed = kept.loaded.row.version === version - 1 ? next(kept.loaded) : null;
    if (followed) this.put(followed);
    else this.entries.delete(id);
  }

  private use(id: string, loaded: LoadedGame): void {
    this.entries.delete(id);
    this.entries.set(id, { loaded, usedAt: this.now().getTime() });
  }

  /** Drops the least recently used entries over capacity, then those idle too long. */
  private prune(): void {
    const oldest = this.now().getTime() - this.idleMs;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.capacity && entry.usedAt >= oldest) return;
      this.entries.delete(id);
    }
  }
}
