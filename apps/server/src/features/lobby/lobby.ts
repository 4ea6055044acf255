import type {
  LobbyState,
  MaintenanceResponse,
  PoolCount,
  Seek,
  SeekRequest,
  SeekResponse,
  ServerMessage,
} from '@sbc/api';
import { formatTimeControl, PRESETS, speedOf } from '@sbc/game';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import type { Counters } from '../accounts/counters.ts';
import { windowCounters } from '../accounts/limits.ts';
import { maintenanceEvents, readMaintenance, refuseIfOn } from '../games/maintenance.ts';
import type { Player } from '../rooms/guests.ts';
import { type LobbyEvent, lobbyEvents, playerEvents } from './events.ts';
import { acceptSeek, placeSeek, type Started, UNSEEN_MS, wantedBy } from './pairing.ts';
import {
  endUnseen,
  listedSeeks,
  openSeeks,
  playingByTimeControl,
  type SeekRow,
  seeksOf,
  seekView,
  touchSeeks,
  waitingByKey,
} from './store.ts';

/** Seeks and accepts one player may make a minute (RATE_LIMIT_SCALE applies), besides the address's. */
export const SEEKS_PER_MINUTE = 30;

/** A player past their seeks of the minute; HTTP says when to come back in `retry-after` too. */
export class TooManySeeks extends HttpError {
  constructor(readonly seconds: number) {
    super(429, `Too many seeks. Please try again in ${seconds} seconds.`, { code: 'rateLimited' });
  }
}

/** Liveness (seen, unseen) and the pools' news, this often. */
export const TICK_MS = 1000;
/** The view is read again from the database this often, so that a lost event heals. */
export const RECONCILE_MS = 2000;
/** An end is remembered this long, so that a late 'added' or an earlier read does not bring the seek back. */
const ENDED_KEPT_MS = 10_000;

/** What the live feature gives the lobby: who has a socket here, and the sockets that watch the lobby. */
export interface LobbyOutlet {
  connected(playerId: string): boolean;
  relay(message: ServerMessage): void;
}

const POOLS = PRESETS.map((tc) => ({ pool: formatTimeControl(tc), speed: speedOf(tc)! }));

/** The tiles: waiting by pairing key, playing by pool name. */
const poolCounts = (waiting: (key: string) => number, playing: Map<string, number>): PoolCount[] =>
  POOLS.map(({ pool, speed }) => ({
    pool,
    speed,
    waiting: waiting(`pool:${pool}`),
    playing: playing.get(pool) ?? 0,
  }));

/** Players in online games in play (two a game), by pool name. */
const playersByPool = (playing: Awaited<ReturnType<typeof playingByTimeControl>>) =>
  new Map(playing.map(({ timeControl, games }) => [formatTimeControl(timeControl), games * 2]));

/** Work repeated every `ms`, never two at once; `stop` waits for the one under way. */
function repeat(ms: number, work: () => Promise<void>, log: FastifyBaseLogger, what: string) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= work()
      .catch((err) => log.warn({ err }, what))
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * This instance's view of the open seeks, kept by the lobby's events and read again from the
 * database every RECONCILE_MS; the seeks' liveness; the news of both for the sockets that watch.
 */
export class Lobby {
  private readonly open = new Map<string, Seek>();
  private readonly ended = new Map<string, number>();
  /** Players in online games in play, by pool name (as of the last reconcile). */
  private playing = new Map<string, number>();
  private outlet: LobbyOutlet | null = null;
  private toldPools = '';
  private stops: (() => unknown)[] = [];
  /** Each player's seeks and accepts of the last minute, over HTTP and the socket alike. */
  private readonly seeksCounted: Counters;
  private readonly seeksPerPlayer: number;
  /**
   * The maintenance setting, read at start, at each switch's cue and at each reconcile (a lost cue
   * heals): a seek costs no statement for it. A read under way is awaited by the seeks.
   */
  private maintenance: Promise<MaintenanceResponse> | null = null;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    this.seeksCounted = windowCounters(services, 'sbc:player:seeks:', 60_000);
    this.seeksPerPlayer = Math.round(SEEKS_PER_MINUTE * services.config.RATE_LIMIT_SCALE);
  }

  attach(outlet: LobbyOutlet): void {
    this.outlet = outlet;
  }

  async start(): Promise<void> {
    this.stops.push(
      lobbyEvents(this.services.bus).subscribe((event) => this.apply(event)),
      maintenanceEvents(this.services.bus).subscribe(() => this.readMaintenance()),
    );
    await this.reconcile();
    this.stops.push(
      repeat(TICK_MS, () => this.tick(), this.log, 'lobby liveness failed'),
      repeat(RECONCILE_MS, () => this.reconcile(), this.log, 'lobby view not reconciled'),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
  }

  /** GET /api/lobby and lobby:state, from the database. */
  async state(playerId: string | null): Promise<LobbyState> {
    const db = this.services.database.db;
    const [waiting, playing, listed, mine] = await Promise.all([
      waitingByKey(db),
      playingByTimeControl(db),
      listedSeeks(db),
      playerId ? seeksOf(db, playerId) : [],
    ]);
    return {
      pools: poolCounts((key) => waiting.get(key) ?? 0, playersByPool(playing)),
      seeks: listed.map(seekView),
      mine: mine.map(seekView),
    };
  }

  /**
   * A seek (POST /api/lobby/seeks, the socket's lobby:seek): paired at once or opened, the news
   * told; `created` is false for the twin of an open seek. `user`: the signed-in caller, whom
   * maintenance may let through.
   */
  async seek(
    player: Player,
    user: Pick<UserRow, 'isAdmin'> | null,
    request: z.output<typeof SeekRequest>,
  ): Promise<{ created: boolean; answer: SeekResponse }> {
    await this.admit(player, user);
    const placed = await placeSeek(
      this.services,
      player,
      await wantedBy(this.services.database.db, player, request),
    );
    if (placed.started) {
      await this.started(placed.started);
      return { created: true, answer: { seek: null, gameId: placed.started.gameId } };
    }
    if (!placed.twin) await this.opened(placed.seek);
    return { created: !placed.twin, answer: { seek: seekView(placed.seek), gameId: null } };
  }

  /** POST /api/lobby/seeks/{id}/accept. */
  async accept(player: Player, user: Pick<UserRow, 'isAdmin'> | null, seekId: string): Promise<SeekResponse> {
    await this.admit(player, user);
    const started = await acceptSeek(this.services, player, seekId);
    await this.started(started);
    return { seek: null, gameId: started.gameId };
  }

  /** Counts a seek or an accept against its player's limit (429 beyond it), then refuses it during maintenance. */
  private async admit(player: Player, user: Pick<UserRow, 'isAdmin'> | null): Promise<void> {
    const { count, ttlMs } = await this.seeksCounted.hit(player.id);
    if (count > this.seeksPerPlayer) {
      throw new TooManySeeks(Math.max(1, Math.ceil(ttlMs / 1000)));
    }
    if (!user?.isAdmin) refuseIfOn(await (this.maintenance ?? this.readMaintenance()));
  }

  private readMaintenance(): Promise<MaintenanceResponse> {
    const read = readMaintenance(this.services.database.db);
    // A failed read leaves the last good one (or none: the next seek reads again).
    const kept = this.maintenance;
    this.maintenance = read.catch((err) => {
      this.log.warn({ err }, 'maintenance not read');
      if (kept) return kept;
      this.maintenance = null;
      throw err;
    });
    return this.maintenance;
  }

  /** A seek opened: every instance's view learns it. */
  async opened(row: SeekRow): Promise<void> {
    await this.publish({ type: 'added', seek: seekView(row) });
  }

  async closed(seekIds: string[]): Promise<void> {
    if (seekIds.length) await this.publish({ type: 'ended', seekIds });
  }

  /** A game the lobby started: both players' sockets go to it, wherever they are; its seeks leave the lobby. */
  async started({ gameId, roomId, players, endedSeeks }: Started): Promise<void> {
    const channel = playerEvents(this.services.bus);
    for (const playerId of players) {
      await channel
        .publish({ playerId, message: { type: 'game:start', gameId, roomId } })
        .catch((err) => this.log.warn({ err }, 'game start not published'));
    }
    await this.closed(endedSeeks);
    await this.services.gameLists.written(...players);
  }

  /** The view's seeks are kept in the database: a lost event only delays the view until the next reconcile. */
  private async publish(event: LobbyEvent): Promise<void> {
    await lobbyEvents(this.services.bus)
      .publish(event)
      .catch((err) => this.log.warn({ err }, 'lobby event not published'));
  }

  private apply(event: LobbyEvent): void {
    if (event.type === 'added') {
      this.add(event.seek);
      return;
    }
    const now = this.services.now().getTime();
    for (const id of event.seekIds) this.remove(id, now);
  }

  private add(seek: Seek): void {
    if (this.open.has(seek.id) || this.ended.has(seek.id)) return;
    this.open.set(seek.id, seek);
    if (seek.kind === 'custom') this.outlet?.relay({ type: 'lobby:seek', seek });
  }

  private remove(id: string, now: number): void {
    this.ended.set(id, now);
    if (this.open.delete(id)) this.outlet?.relay({ type: 'lobby:unseek', seekId: id });
  }

  /** Marks seen the seeks of the players with a socket here, ends the unseen, tells the pools. */
  private async tick(): Promise<void> {
    const db = this.services.database.db;
    const here = new Set<string>();
    for (const { player } of this.open.values()) {
      if (this.outlet?.connected(player.id)) here.add(player.id);
    }
    if (here.size) await touchSeeks(db, [...here], this.services.now());
    const now = this.services.now();
    await this.closed(await endUnseen(db, new Date(now.getTime() - UNSEEN_MS), now));
    const pools = poolCounts((key) => this.waiting(key), this.playing);
    const told = JSON.stringify(pools);
    if (told !== this.toldPools) {
      this.toldPools = told;
      this.outlet?.relay({ type: 'lobby:pools', pools });
    }
  }

  private waiting(pairingKey: string): number {
    let n = 0;
    for (const seek of this.open.values()) {
      if (seek.kind === 'pool' && `pool:${formatTimeControl(seek.timeControl)}` === pairingKey) n++;
    }
    return n;
  }

  /**
   * The open seeks as the database has them: those missing are added, those gone removed (but not
   * one newer than the read, which an event may have brought while it ran).
   */
  private async reconcile(): Promise<void> {
    const db = this.services.database.db;
    const readAt = this.services.now().getTime();
    const [rows, playing] = await Promise.all([
      openSeeks(db),
      playingByTimeControl(db),
      this.readMaintenance(),
    ]);
    this.playing = playersByPool(playing);
    const stored = new Set(rows.map((row) => row.id));
    for (const row of rows) this.add(seekView(row));
    for (const [id, seek] of this.open) {
      if (!stored.has(id) && seek.createdAt < readAt - TICK_MS) this.remove(id, readAt);
    }
    for (const [id, at] of this.ended) if (at < readAt - ENDED_KEPT_MS) this.ended.delete(id);
  }
}
