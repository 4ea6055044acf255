import type { PageQuery, PlayerGamePage, Profile, RatingHistory } from '@sbc/api';
import { isProvisional, LIVE_STATUSES, SPEEDS, type Speed } from '@sbc/game';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { offsetOf, pageOf } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { games, playerCounts, ratingChanges, ratingPoints, ratings, users } from '../../db/schema.ts';
import { joinNames, listedGame, playerNames, summaryColumns } from '../games/store.ts';
import { summaryView } from '../games/view.ts';

/** How many of a category's last rated games its progress adds up (lichess's 12). */
export const PROGRESS_GAMES = 12;

/** A username, in any case, as its unique index on lower(username) reads it. */
const named = () => eq(sql`lower(${users.username})`, sql.placeholder('name'));

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
 * row, or walk all games by date. `player` is the player's id as the statement names it.
 */
const sides = (player: SQL, limit: Placeholder): SQL => {
  const side = (color: 'white' | 'black') =>
    sql`(select id, created_at from ${games}
      where ${sql.identifier(`${color}_player_id`)} = ${player} and mode = 'online'
      order by created_at desc, id desc limit ${limit})`;
  return sql`${side('white')} union all ${side('black')}`;
};

interface RatedRow {
  speed: Speed;
  rating: number;
  deviation: number;
  games: number;
  progress: number;
}

/** The player's newest game in play, off the small indexes games_white_playing and games_black_playing. */
const playing = (): SQL<string | null> => {
  const side = (color: 'white' | 'black') =>
    sql`(select id, created_at from ${games} where ${sql.identifier(`${color}_player_id`)} = ${users.id}
      and mode = 'online' and status in (${live}) order by created_at desc limit 1)`;
  return sql`(select id from (${side('white')} union all ${side('black')}) g order by created_at desc limit 1)`;
};

/** A count of player_counts, the users row's (0 without a row: no online game yet). */
const counted = (column: AnyPgColumn): SQL<number> => sql<number>`coalesce(${column}, 0)`;

/**
 * What `/@/{username}` shows, in one statement (the profile page's first call): the player, each
 * category's rating and progress, their counts and the game in play to watch.
 */
const profileStatement = preparedOnce((db) =>
  db
    .select({
      username: users.username,
      createdAt: users.createdAt,
      tosViolation: users.tosViolation,
      rated: sql<RatedRow[]>`(select coalesce(json_agg(json_build_object('speed', ${ratings.speed},
          'rating', ${ratings.rating}, 'deviation', ${ratings.deviation}, 'games', ${ratings.games},
          'progress', ${progress()})), '[]')
        from ${ratings} where ${ratings.userId} = ${users.id})`,
      won: counted(playerCounts.won),
      lost: counted(playerCounts.lost),
      drawn: counted(playerCounts.drawn),
      playing: playing(),
    })
    .from(users)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .where(named())
    .limit(1)
    .prepare('profile'),
);

/** The profile of a username, in any case; null when nobody has it. */
export async function readProfile(db: Db, username: string): Promise<Profile | null> {
  const [row] = await profileStatement(db).execute({ name: username.toLowerCase() });
  if (!row) return null;
  const { won, drawn, lost, playing } = row;
  const bySpeed = new Map(row.rated.map((r) => [r.speed, r]));
  return {
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    tosViolation: row.tosViolation,
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
    playing: playing ? { gameId: playing } : null,
  };
}

/**
 * The player of a username, their online games' count and one page of them, newest first, with
 * their players' names, in one statement: each side read up to the page's end (`reach`), the page
 * joined laterally to the player's row, so that a player without games still answers one row
 * (its game null) and nobody's username none.
 */
const gamePageStatement = preparedOnce((db) => {
  const [reach, size, offset] = ['reach', 'size', 'offset'].map((name) => sql.placeholder(name));
  const player = sql`(select ${users.id} as id, ${counted(playerCounts.games)} as total from ${users}
      left join ${playerCounts} on ${playerCounts.userId} = ${users.id} where ${named()} limit 1) player
    left join lateral (select id, created_at from (${sides(sql`player.id`, reach)}) g
      order by created_at desc, id desc limit ${size} offset ${offset}) page on true`;
  return joinNames(
    db
      .select({ total: sql<number>`player.total`, game: summaryColumns, ...playerNames })
      .from(player)
      .leftJoin(games, eq(games.id, sql`page.id`))
      .$dynamic(),
  )
    .orderBy(sql`page.created_at desc, page.id desc`)
    .prepare('player_game_page');
});

/** A page of the player's online games, finished and in play, newest first; null for nobody's username. */
export async function readPlayerGames(
  db: Db,
  username: string,
  page: PageQuery,
): Promise<PlayerGamePage | null> {
  const offset = offsetOf(page);
  const rows = await gamePageStatement(db).execute({
    name: username.toLowerCase(),
    reach: offset + page.pageSize,
    size: page.pageSize,
    offset,
  });
  if (rows.length === 0) return null;
  const listed = rows.flatMap((row) =>
    row.game ? [summaryView(listedGame({ ...row, game: row.game }))] : [],
  );
  return pageOf(page, rows[0].total, listed);
}

/**
 * Each category's rating at the end of each day (UTC) the player had a rated game in it, oldest
 * first: one point a day, as lichess draws it, so that a player of thousands of games gets a chart
 * of hundreds of points. The points are rows of rating_points, kept as changes are written, read
 * off its key alone. Null for a username nobody has; the player and the points are one statement.
 */
const historyStatement = preparedOnce((db) =>
  db
    .select({
      points: sql<[Speed, number, number][]>`(select coalesce(json_agg(json_build_array(${ratingPoints.speed},
          (extract(epoch from ${ratingPoints.at}) * 1000)::bigint, ${ratingPoints.rating})
          order by ${ratingPoints.speed}, ${ratingPoints.day}), '[]')
        from ${ratingPoints} where ${ratingPoints.userId} = ${users.id})`,
    })
    .from(users)
    .where(named())
    .limit(1)
    .prepare('rating_history'),
);

export async function readHistory(db: Db, username: string): Promise<RatingHistory | null> {
  const [row] = await historyStatement(db).execute({ name: username.toLowerCase() });
  if (!row) return null;
  const lines = new Map<Speed, { at: number; rating: number }[]>();
  for (const [speed, at, rating] of row.points) {
    const line = lines.get(speed) ?? lines.set(speed, []).get(speed)!;
    line.push({ at, rating: Math.round(rating) });
  }
  return SPEEDS.flatMap((speed) => {
    const line = lines.get(speed);
    return line ? [{ speed, points: line }] : [];
  });
}
