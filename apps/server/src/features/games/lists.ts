import { randomUUID } from 'node:crypto';
import type { GameSummary } from '@sbc/api';
import type { Channel, EventBus } from '../../events/bus.ts';
import { ReadCache } from '../../read-cache.ts';

/** Players whose lists are kept; a list of 100 games is some 40 KB. */
const CACHED_LISTS = 2_000;
/** A list is read afresh after this at most; no writer outside the server changes games. */
const LIST_CACHE_MS = 60_000;

/** Games of these players were written: their lists are read afresh on every instance. */
interface ListsChange {
  players: string[];
  /** The instance that wrote, which has dropped them already. */
  from: string;
}

/**
 * Each player's list of games (GET /api/games), kept in memory until one of its games is written
 * (read-cache.ts). A new game (service.ts, rooms) calls `written` once it is stored; a change to a
 * game calls `changed`, and the other instances learn of it from the game event it publishes.
 */
export class GameLists {
  private readonly cache: ReadCache<GameSummary[]>;
  private readonly changes: Channel<ListsChange>;
  private readonly instance = randomUUID();

  constructor(bus: EventBus, now: () => Date) {
    this.cache = new ReadCache(CACHED_LISTS, LIST_CACHE_MS, () => now().getTime());
    this.changes = bus.channel<ListsChange>('game-lists');
    this.changes.subscribe((change) => {
      if (change.from !== this.instance) this.drop(change.players);
    });
    bus.subscribe((event) => {
      const { whitePlayerId, blackPlayerId } = event.payload.game as GameSummary;
      this.drop([whitePlayerId, blackPlayerId]);
    });
  }

  async read(playerId: string, load: () => Promise<GameSummary[]>): Promise<GameSummary[]> {
    const kept = this.cache.get(playerId);
    if (kept) return kept;
    const begun = this.cache.begin();
    const list = await load();
    this.cache.put(playerId, list, begun);
    return list;
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
