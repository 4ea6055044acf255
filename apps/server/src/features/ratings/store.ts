import type { PlayerRating } from '@sbc/api';
import { isProvisional, RATING_START, type Speed } from '@sbc/game';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { games, ratingChanges, ratings } from '../../db/schema.ts';
import { type Glicko, glicko2, idleDeviation } from './glicko.ts';

export type RatingRow = typeof ratings.$inferSelect;

/** A rating as shown beside a name: a player with no row stands at the start, provisional. */
export const shownRating = (row: Glicko | undefined): PlayerRating => {
  const { rating, deviation } = row ?? RATING_START;
  return { rating: Math.round(rating), provisional: isProvisional(deviation) };
};

/** The users' ratings in one speed, as shown, by user id (every id answered). */
export async function ratingsOf(db: Db, userIds: string[], speed: Speed): Promise<Map<string, PlayerRating>> {
  const rows = userIds.length
    ? await db
        .select()
        .from(ratings)
        .where(and(inArray(ratings.userId, userIds), eq(ratings.speed, speed)))
    : [];
  const found = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, shownRating(found.get(id))]));
}

/** A rated game that has just ended: its players' user ids and white's score (1, 0.5, 0). */
export interface RatedEnd {
  gameId: string;
  speed: Speed;
  white: string;
  black: string;
  whiteScore: number;
}

/** The change a rated game made to each player's rating, rounded as shown ('+12'). */
export interface RatingDiffs {
  whiteRatingDiff: number;
  blackRatingDiff: number;
}

/**
 * Both players' rating rows in the speed, locked until the transaction ends. A missing row is made
 * first at the start values (its player's first rated game in the speed); the rows are made and
 * locked in the order of the user ids, so that two games ending at once never wait on each other.
 */
async function lockRatings(tx: Db, userIds: string[], speed: Speed, now: Date): Promise<RatingRow[]> {
  const ids = [...userIds].sort();
  await tx
    .insert(ratings)
    .values(ids.map((userId) => ({ userId, speed, ...RATING_START, ratedAt: now })))
    .onConflictDoNothing();
  return tx
    .select()
    .from(ratings)
    .where(and(inArray(ratings.userId, ids), eq(ratings.speed, speed)))
    .orderBy(asc(ratings.userId))
    .for('update');
}

/**
 * Applies a rated game's result to both players' ratings, inside the transaction that ends the
 * game (features/games/service.ts): both updates from the ratings before the game, the ratings
 * stored, each change recorded once (rating_changes' key: a second attempt fails and rolls the
 * whole end back), and the changes written on the game.
 */
export async function applyRatedEnd(tx: Db, end: RatedEnd, now: Date): Promise<RatingDiffs> {
  const rows = await lockRatings(tx, [end.white, end.black], end.speed, now);
  const row = (userId: string) => rows.find((r) => r.userId === userId) as RatingRow;
  const before = [row(end.white), row(end.black)].map((r) => ({
    userId: r.userId,
    games: r.games,
    glicko: { ...r, deviation: idleDeviation(r, r.ratedAt, now) },
  }));
  const [white, black] = before;
  const after = [
    glicko2(white.glicko, [[black.glicko, end.whiteScore]]),
    glicko2(black.glicko, [[white.glicko, 1 - end.whiteScore]]),
  ];
  await tx
    .insert(ratings)
    .values(
      before.map((b, i) => ({
        userId: b.userId,
        speed: end.speed,
        ...after[i],
        games: b.games + 1,
        ratedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [ratings.userId, ratings.speed],
      set: {
        rating: sql`excluded.rating`,
        deviation: sql`excluded.deviation`,
        volatility: sql`excluded.volatility`,
        games: sql`excluded.games`,
        ratedAt: sql`excluded.rated_at`,
      },
    });
  const diffs = before.map((b, i) => Math.round(after[i].rating) - Math.round(b.glicko.rating));
  await tx.insert(ratingChanges).values(
    before.map((b, i) => ({
      gameId: end.gameId,
      userId: b.userId,
      speed: end.speed,
      before: b.glicko.rating,
      after: after[i].rating,
      deviation: after[i].deviation,
      diff: diffs[i],
      createdAt: now,
    })),
  );
  const written = { whiteRatingDiff: diffs[0], blackRatingDiff: diffs[1] };
  await tx.update(games).set(written).where(eq(games.id, end.gameId));
  return written;
}
