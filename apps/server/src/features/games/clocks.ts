import type { GameActionResponse } from '@sbc/api';
import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { games } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { onTime } from './intentions.ts';
import { withGame } from './service.ts';
import { overdue } from './timing.ts';

/**
 * Ends the game on time if its deadline has passed (a flag, or an abort before both sides moved);
 * null if it has not, or the game is over, or another write won the race (whose own deadline then
 * holds: its event arms the timers again).
 */
export async function endOnTime(
  services: Services,
  log: FastifyBaseLogger,
  gameId: string,
): Promise<GameActionResponse | null> {
  try {
    const done = await withGame(services, log, gameId, (loaded) =>
      !loaded.game.isOver && overdue(loaded.row, services.now()) ? onTime(loaded) : null,
    );
    return done?.view() ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  }
}

/** A timer's lateness past its deadline on an instance that did not write the game's last change. */
export const BACKUP_DELAY_MS = 500;
/** After a failed attempt (the database away), the game is tried again this much later. */
const RETRY_MS = 1000;
/** How often the overdue games are looked for: the net under lost events, never the way games end. */
const OVERDUE_CHECK_MS = 30_000;

/**
 * The clocks' timers: one per timed game in play, on every instance, set for its deadline. The
 * instance that wrote the game's last change fires on the deadline; every other (which heard of it
 * on the bus) BACKUP_DELAY_MS later, so that a game ends on time even when the instance that holds
 * it was killed. The version check of the write ends it once, whichever fires first. A started
 * instance arms the games in play from the deadline index, so that a restart loses none.
 */
export class ClockTimers {
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private closed = false;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.timers.size;
  }

  /** The deadline the game's timer is set for (ms since the epoch), if it has one here. */
  armed(gameId: string): number | undefined {
    return this.timers.get(gameId)?.at;
  }

  /**
   * The game's deadline is `deadline` (none: the game ended or is untimed). `backup`: this instance
   * only heard of it, and fires BACKUP_DELAY_MS late unless it already holds that very deadline.
   */
  arm(gameId: string, deadline: Date | null, backup = false): void {
    const kept = this.timers.get(gameId);
    const at = deadline?.getTime() ?? null;
    if (backup && kept && kept.at === at) return;
    if (kept) clearTimeout(kept.timer);
    this.timers.delete(gameId);
    if (at === null || this.closed) return;
    this.set(gameId, at, at - this.services.now().getTime() + (backup ? BACKUP_DELAY_MS : 0));
  }

  private set(gameId: string, at: number, delay: number): void {
    const timer = setTimeout(() => this.fire(gameId, at), Math.max(0, delay));
    this.timers.set(gameId, { at, timer });
  }

  private fire(gameId: string, at: number): void {
    // A timer may fire a millisecond before the wall clock reaches its deadline (Node counts on
    // its own clock): the game, not yet overdue, would then be left alone. It waits the rest.
    const early = at - this.services.now().getTime();
    if (early > 0) {
      this.set(gameId, at, early);
      return;
    }
    if (this.timers.get(gameId)?.at === at) this.timers.delete(gameId);
    endOnTime(this.services, this.log, gameId).catch((err) => {
      this.log.error({ err, gameId }, 'a game could not be ended on time; trying again');
      if (!this.timers.has(gameId)) this.arm(gameId, new Date(this.services.now().getTime() + RETRY_MS));
    });
  }

  /** Arms every game in play with a deadline: at start, and as a net for events lost on the way. */
  async armFromDatabase(onlyOverdue = false): Promise<void> {
    const cutoff = new Date(this.services.now().getTime() - BACKUP_DELAY_MS);
    const rows = await this.services.database.db
      .select({ id: games.id, deadlineAt: games.deadlineAt })
      .from(games)
      .where(and(isNotNull(games.deadlineAt), onlyOverdue ? lt(games.deadlineAt, cutoff) : undefined));
    for (const { id, deadlineAt } of rows) if (!this.timers.has(id)) this.arm(id, deadlineAt, true);
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/** Keeps the timers from the instance's start to its close, and the periodic net under them. */
export function clockKeeper(app: FastifyInstance): void {
  const { clockTimers: timers } = app.services;
  let net: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await timers.armFromDatabase();
    net = setInterval(() => {
      timers.armFromDatabase(true).catch((err) => app.log.warn({ err }, 'overdue games not looked for'));
    }, OVERDUE_CHECK_MS);
    net.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(net);
    timers.close();
  });
}
