import type { Profile, RatingHistory } from '@sbc/api';
import { isProvisional, LIVE_STATUSES, SPEEDS, type Speed } from '@sbc/game';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { toCount } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { games, ratingChanges, ratings, type UserRow, users } from '../../db/schema.ts';
import { playedBy } from '../games/store.ts';

/** How many of a category's last rated games its progress adds up (lichess's 12). */
export const PROGRESS_GAMES = 12;

/** The player of a username, in any case (its unique index is on lower(username)). */
export async function findPlayer(db: Db, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * The sum of the changes of the last rated games in the category of the `ratings` row being read:
 * PROGRESS_GAMES rows off the end of the index rating_changes_player.
 */
export const progress = (): SQL<number> =>
  sql<number>`coalesce((select sum(last.diff) from (select c.diff from ${ratingChanges} c
    where c.user_id = ${ratings}.user_id and c.speed = ${ratings}.speed
    order by c.created_at desc limit ${PROGRESS_GAMES}) last), 0)::int`;

/** The player's online games, with or without a result: their own two indexes read them. */
export const onlineGamesOf = (userId: string): SQL => and(playedBy(userId), eq(games.mode, 'online'))!;

const live = sql.raw(LIVE_STATUSES.map((s) => `'${s}'`).join(', '));

/** What `/@/{username}` shows: each category's rating and progress, the counts, the game in play. */
export async function readProfile(db: Db, user: UserRow): Promise<Profile> {
  const won = sql`(${games.whitePlayerId} = ${user.id} and ${games.winner} = 'white')
    or (${games.blackPlayerId} = ${user.id} and ${games.winner} = 'black')`;
  const [rated, [counts]] = await Promise.all([
    db
      .select({
        speed: ratings.speed,
        rating: ratings.rating,
        deviation: ratings.deviation,
        games: ratings.games,
        progress: progress(),
      })
      .from(ratings)
      .where(eq(ratings.userId, user.id)),
    // One pass over the player's online games: a result counts (an abort has none), and the
    // newest still in play is the one to watch.
    db
      .select({
        won: sql`count(*) filter (where ${won})`,
        drawn: sql`count(*) filter (where ${games.winner} is null and ${games.status} not in (${live}, 'aborted'))`,
        lost: sql`count(*) filter (where ${games.winner} is not null and not (${won}))`,
        playing: sql<
          string | null
        >`(array_agg(${games.id} order by ${games.createdAt} desc) filter (where ${games.status} in (${live})))[1]`,
      })
      .from(games)
      .where(onlineGamesOf(user.id)),
  ]);
  const [won_, drawn, lost] = [counts.won, counts.drawn, counts.lost].map(toCount);
  const bySpeed = new Map(rated.map((r) => [r.speed, r]));
  return {
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    tosViolation: user.tosViolation,
    ratings: SPEEDS.flatMap((speed) => {
      const r = bySpeed.get(speed);
      return r
        ? [
            {
              speed,
              rating: Math.round(r.rating),
              deviation: Math.round(r.deviation),
              provisional: isProvisional(r.deviation),
              games: r.games,
              progress: r.progress,
            },
          ]
        : [];
    }),
    counts: { played: won_ + drawn + lost, won: won_, lost, drawn },
    playing: counts.playing ? { gameId: counts.playing } : null,
  };
}

/** Each category's rating after each of the player's rated games, oldest first. */
export async function readHistory(db: Db, userId: string): Promise<RatingHistory> {
  const rows = await db
    .select({ speed: ratingChanges.speed, after: ratingChanges.after, at: ratingChanges.createdAt })
    .from(ratingChanges)
    .where(eq(ratingChanges.userId, userId))
    .orderBy(asc(ratingChanges.speed), asc(ratingChanges.createdAt));
  const points = new Map<Speed, { at: number; rating: number }[]>();
  for (const row of rows) {
    const line = points.get(row.speed) ?? points.set(row.speed, []).get(row.speed)!;
    line.push({ at: row.at.getTime(), rating: Math.round(row.after) });
  }
  return SPEEDS.flatMap((speed) => {
    const line = points.get(speed);
    return line ? [{ speed, points: line }] : [];
  });
}
