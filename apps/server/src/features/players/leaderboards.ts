import {
  LEADERBOARD_ACTIVE_DAYS,
  LEADERBOARD_MIN_GAMES,
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type Leaderboards,
} from '@sbc/api';
import { PROVISIONAL_DEVIATION, SPEEDS, type Speed } from '@sbc/game';
import { and, desc, eq, gt, gte, lte, not } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { ratings, users } from '../../db/schema.ts';
import { progress } from './store.ts';

/**
 * How long an instance answers the leaderboards from memory: every visitor of /players reads the
 * same answer, and a rating change shows on the boards within this and one read (a terms-violation
 * mark on the same instance at once: `drop`).
 */
export const LEADERBOARDS_MAX_AGE_MS = 10_000;

/**
 * A category's best who qualify, read down the index ratings_leaderboard (speed, rating desc) from
 * the top: the first rows mostly qualify, so about LEADERBOARD_SIZE rows are read, each with its
 * progress off rating_changes_player.
 */
async function readBoard(db: Db, speed: Speed, now: Date): Promise<LeaderboardEntry[]> {
  const since = new Date(now.getTime() - LEADERBOARD_ACTIVE_DAYS * 86_400_000);
  const rows = await db
    .select({
      username: users.username,
      rating: ratings.rating,
      progress: progress(),
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(
      and(
        eq(ratings.speed, speed),
        gte(ratings.games, LEADERBOARD_MIN_GAMES),
        lte(ratings.deviation, PROVISIONAL_DEVIATION),
        gt(ratings.ratedAt, since),
        not(users.tosViolation),
      ),
    )
    .orderBy(desc(ratings.rating))
    .limit(LEADERBOARD_SIZE);
  return rows.map((r) => ({ ...r, rating: Math.round(r.rating) }));
}

export async function readLeaderboards(db: Db, now: Date): Promise<Leaderboards> {
  const boards = await Promise.all(SPEEDS.map((speed) => readBoard(db, speed, now)));
  return SPEEDS.map((speed, i) => ({ speed, players: boards[i] }));
}

/**
 * The leaderboards as this instance last read them, for LEADERBOARDS_MAX_AGE_MS; once older, they
 * are still answered while one read replaces them (a read of all five boards takes a moment, too
 * long to keep /players waiting). A `drop` forgets them: the next callers wait for a new read,
 * and a read it overtook is answered but not kept.
 */
export class LeaderboardCache {
  private kept: { value: Leaderboards; at: number } | null = null;
  private reading: Promise<Leaderboards> | null = null;
  private generation = 0;

  constructor(
    private readonly read: () => Promise<Leaderboards>,
    private readonly now: () => number,
  ) {}

  get(): Promise<Leaderboards> {
    const kept = this.kept;
    if (kept && this.now() - kept.at < LEADERBOARDS_MAX_AGE_MS) return Promise.resolve(kept.value);
    const reading = this.reading ?? this.refresh();
    return kept ? Promise.resolve(kept.value) : reading;
  }

  /** Forgets the boards (an account marked or cleared): the next call reads them again. */
  drop(): void {
    this.generation++;
    this.kept = null;
    this.reading = null;
  }

  private refresh(): Promise<Leaderboards> {
    const generation = this.generation;
    const at = this.now();
    const reading = this.read().then((value) => {
      if (generation === this.generation) this.kept = { value, at };
      return value;
    });
    this.reading = reading;
    // Once settled, the next expiry reads again; a failed read leaves the kept boards in place.
    reading
      .finally(() => {
        if (this.reading === reading) this.reading = null;
      })
      .catch(() => {});
    return reading;
  }
}
