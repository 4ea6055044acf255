import { randomUUID } from 'node:crypto';
import type { GamePage } from '@sbc/api';
import type { Channel, EventBus } from '../../events/bus.ts';
import { ReadCache } from '../../read-cache.ts';

/** Players whose lists are kept; a page of 24 games is some 10 KB. */
const CACHED_LISTS = 2_000;
/** Pages kept per player, the latest read: mostly the first page of a filter or two. */
const PAGES_PER_PLAYER = 4;
/** A page is read afresh after this at most; no writer outside the server changes games. */
const LIST_CACHE_MS = 60_000;

/** A player's pages kept, by their query, each with the time it was read. */
type Pages = Map<string, { page: GamePage; readAt: number }>;

/** Games of these players were written: their lists are read afresh on every instance. */
interface ListsChange {
  players: string[];
  /** The instance that wrote, which has dropped them already. */
  from: string;
}

/**
 * Each player's pages of games (GET /api/games), kept in memory by their query until one of the
 * player's games is written (read-cache.ts), which drops all of them. A new game (service.ts,
 * rooms) calls `written` once it is stored; a change to a game calls `changed`, and the other
 * instances learn of it from the game event it publishes.
 */
export class GameLists {
  private readonly cache: ReadCache<Pages>;
  private readonly changes: Channel<ListsChange>;
  private readonly instance = randomUUID();
  private readonly now: () => number;

  constructor(bus: EventBus, now: () => Date) {
    this.now = () => now().getTime();
    this.cache = new ReadCache(CACHED_LISTS, LIST_CACHE_MS, this.now);
    this.changes = bus.channel<ListsChange>('game-lists');
    this.changes.subscribe((change) => {
      if (change.from !== this.instance) this.drop(change.players);
    });
    bus.subscribe((event) => this.drop(event.players));
  }

  /** The page of `query` (a validated query string, whose keys come in the schema's order). */
  async read(playerId: string, query: object, load: () => Promise<GamePage>): Promise<GamePage> {
    const key = JSON.stringify(query);
    const kept = this.cache.get(playerId)?.get(key);
    if (kept && this.now() - kept.readAt <= LIST_CACHE_MS) return kept.page;
    const begun = this.cache.begin();
    const readAt = this.now();
    const page = await load();
    // With the other pages kept meanwhile; a drop since `begun` refuses them all (read-cache.ts).
    const pages: Pages = new Map(this.cache.get(playerId));
    pages.delete(key);
    pages.set(key, { page, readAt });
    if (pages.size > PAGES_PER_PLAYER) pages.delete(pages.keys().next().value as string);
    this.cache.put(playerId, pages, begun);
    return page;
  }

  /** After a new game is stored: here at once, so that its writer's next list shows it, then everywhere. */
  async written(...players: (string | null)[]): Promise<void> {
    const change = { players: players.filter((p): p is string => p !== null), from: this.instance };
    this.drop(change.players);
    await this.changes.publish(change);
  }

  /** After a game's change is stored, before its event: here at once (the event may come later). */
  changed(...players: (string | null)[]): void {
    this.drop(players);
  }

  private drop(players: (string | null)[]): void {
    for (const player of players) if (player !== null) this.cache.drop(player);
  }
}
