import type { PageQuery, PlayerGamePage, Profile, RatingHistory } from '@sbc/api';
import { isProvisional, LIVE_STATUSES, SPEEDS, type Speed } from '@sbc/game';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { offsetOf, pageOf, toCount } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { games, ratingChanges, ratings, type UserRow, users } from '../../db/schema.ts';
import { gamesOf } from '../games/store.ts';
import { summaryView } from '../games/view.ts';

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

const live = sql.raw(LIVE_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The player's online games, as white and as black, each side read off its own index alone
 * (games_white_online, games_black_online: a player's thousands of games cost no heap reads),
 * newest first within each; `limit` keeps each side's newest. An OR of the sides would read every
 * row, or walk all games by date.
 */
const sides = (userId: string, limit?: number): SQL => {
  const side = (color: 'white' | 'black') =>
    sql`(select id, created_at, status, winner, ${color} as color from ${games}
      where ${sql.identifier(`${color}_player_id`)} = ${userId} and mode = 'online'
      order by created_at desc, id desc ${limit === undefined ? sql`` : sql`limit ${limit}`})`;
  return sql`${side('white')} union all ${side('black')}`;
};

/** The rows of a query written in SQL (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What `/@/{username}` shows: each category's rating and progress, the counts, the game in play. */
export async function readProfile(db: Db, user: UserRow): Promise<Profile> {
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
    rowsOf<{ won: string; drawn: string; lost: string; playing: string | null }>(
      db,
      sql`select
        count(*) filter (where winner = color) as won,
        count(*) filter (where winner is null and status not in (${live}, 'aborted')) as drawn,
        count(*) filter (where winner <> color) as lost,
        (array_agg(id order by created_at desc) filter (where status in (${live})))[1] as playing
      from (${sides(user.id)}) g`,
    ),
  ]);
  const [won, drawn, lost] = [counts.won, counts.drawn, counts.lost].map(toCount);
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
    counts: { played: won + drawn + lost, won, lost, drawn },
    playing: counts.playing ? { gameId: counts.playing } : null,
  };
}

/** A page of the player's online games, finished and in play, newest first. */
export async function readPlayerGames(db: Db, userId: string, page: PageQuery): Promise<PlayerGamePage> {
  const offset = offsetOf(page);
  const [[counted], ids] = await Promise.all([
    rowsOf<{ total: string }>(db, sql`select count(*) as total from (${sides(userId)}) g`),
    rowsOf<{ id: string }>(
      db,
      sql`select id from (${sides(userId, offset + page.pageSize)}) g
      order by created_at desc, id desc limit ${page.pageSize} offset ${offset}`,
    ),
  ]);
  const listed = await gamesOf(
    db,
    ids.map((r) => r.id),
  );
  return pageOf(page, toCount(counted.total), listed.map(summaryView));
}

/**
 * Each category's rating at the end of each day (UTC) the player had a rated game in it, oldest
 * first: one point a day, as lichess draws it, so that a player of thousands of games gets a chart
 * of hundreds of points (the rows come in the index rating_changes_player's order).
 */
export async function readHistory(db: Db, userId: string): Promise<RatingHistory> {
  const day = sql`date_trunc('day', ${ratingChanges.createdAt} at time zone 'UTC')`;
  const rows = await db
    .selectDistinctOn([ratingChanges.speed, day], {
      speed: ratingChanges.speed,
      after: ratingChanges.after,
      at: ratingChanges.createdAt,
    })
    .from(ratingChanges)
    .where(eq(ratingChanges.userId, userId))
    .orderBy(asc(ratingChanges.speed), asc(day), desc(ratingChanges.createdAt));
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
