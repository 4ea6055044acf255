/**
 * Fills a PostgreSQL database with rated players for the profiles' and leaderboards' benchmark
 * (scripts/bench-profiles.ts) and for trying /@/{username} and /players: users, finished rated
 * online games between them, each game's rating changes and each player's ratings. The schema
 * comes from the server's migrations, run first. Everything is made in SQL (generate_series), so
 * the default 100,000 users and 1,000,000 games take minutes, not hours.
 *
 *   DATABASE_URL=postgres://… npm run seed:ratings
 *   options: --users 100000 --games 1000000 --live 1000
 *
 * A player's activity is skewed as on a real site: user number i of N plays about as often as
 * 1/sqrt(i) (the first some thousands of games, most a few dozen at most). Each has a hidden
 * strength; results follow the strengths, and ratings move towards them with every game, each
 * change of the winner's sign (a simplified Glicko: the deviation shrinks by 7% a game). `--live`
 * games are still in play, for 'Playing now'. Usernames are `rated_<run>_<i>`; seeding adds to
 * what is there.
 */
import { Game } from '@sbc/game';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { counts as countOptions } from './bench/cli.ts';

export interface RatingSeedCounts {
  users: number;
  games: number;
  live: number;
}

export const DEFAULT_RATING_COUNTS: RatingSeedCounts = { users: 100_000, games: 1_000_000, live: 1_000 };

/** A speed's share of the games and the time control they are played at. */
const SPEED_MIX = [
  ['bullet', 0.25, { kind: 'clock', minutes: 1, increment: 0 }],
  ['blitz', 0.35, { kind: 'clock', minutes: 3, increment: 2 }],
  ['rapid', 0.25, { kind: 'clock', minutes: 10, increment: 0 }],
  ['classical', 0.1, { kind: 'clock', minutes: 30, increment: 0 }],
  ['correspondence', 0.05, { kind: 'correspondence', days: 3 }],
] as const;

/** A SQL case choosing a speed (or its time control) from `u`, a uniform number in [0, 1). */
function speedCase(u: string, pick: (entry: (typeof SPEED_MIX)[number]) => string): string {
  let upTo = 0;
  const arms = SPEED_MIX.map((entry) => {
    upTo += entry[1];
    return `when ${u} < ${upTo.toFixed(2)} then ${pick(entry)}`;
  });
  return `case ${arms.join(' ')} else ${pick(SPEED_MIX[1])} end`;
}

/** The statements, in order, each with what it makes. */
function statements(counts: RatingSeedCounts, run: string, record: string): [string, string][] {
  const { users: n, games, live } = counts;
  const pickPlayer = `least(${n - 1}, floor(${n} * random() ^ 2))::int`;
  return [
    [
      'players',
      `create temp table seed_players as
         select i, gen_random_uuid()::text as id, 1500 + 350 * (random() + random() + random() - 1.5) * 2 as strength,
                now() - random() * interval '700 days' as created_at
         from generate_series(0, ${n - 1}) i`,
    ],
    [
      'users',
      `insert into users (id, username, email_verified, created_at, last_activity_at)
         select id, 'rated_${run}_' || i, true, created_at, now() - random() * interval '30 days' from seed_players`,
    ],
    ['players index', 'create unique index on seed_players (i)'],
    [
      'games drawn',
      `create temp table seed_games as
         select gen_random_uuid()::text as id, w, case when b = w then (w + 1) % ${n} else b end as b, u, r,
                ${speedCase('u', ([speed]) => `'${speed}'`)} as speed,
                ${speedCase('u', ([, , tc]) => `'${JSON.stringify(tc)}'::jsonb`)} as time_control,
                now() - interval '1 hour' - random() * interval '365 days' as created_at
         from (select ${pickPlayer} as w, ${pickPlayer} as b, random() as u, random() as r
               from generate_series(1, ${games})) g`,
    ],
    [
      'results',
      // 10% draws; otherwise white wins as often as the strengths' expected score says.
      `alter table seed_games add column score double precision;
       update seed_games g set score = case when g.r < 0.1 then 0.5
           when g.r < 0.1 + 0.9 / (1 + 10 ^ ((pb.strength - pw.strength) / 400)) then 1 else 0 end
         from seed_players pw, seed_players pb where pw.i = g.w and pb.i = g.b`,
    ],
    [
      'sides',
      `create temp table seed_sides as
         select id as game, w as player, b as opponent, speed, created_at, score from seed_games
         union all select id, b, w, speed, created_at, 1 - score from seed_games`,
    ],
    [
      'rating changes computed',
      // n: the player's game number in the speed. The change is K(score - expected) with the
      // expected score from where the rating has got to by then: it converges on the strength.
      `create temp table seed_changes as
         select game, player, speed, created_at,
                1500 + sum(d) over w as after, d, greatest(45, 350 * 0.93 ^ (k + 1)) as deviation
         from (select s.*, (10 + 30 * 0.93 ^ s.k) * (s.score - 1 / (1 + 10 ^ ((po.strength
                 - (p.strength + (1500 - p.strength) * 0.9 ^ s.k)) / 400))) as d
               from (select *, row_number() over (partition by player, speed order by created_at, game) - 1 as k
                     from seed_sides) s
               join seed_players p on p.i = s.player join seed_players po on po.i = s.opponent) x
         window w as (partition by player, speed order by created_at, game rows unbounded preceding)`,
    ],
    ['rating changes index', 'create unique index on seed_changes (game, player)'],
    // Counted once at the end (recount_players, rebuild_rating_points) rather than row by row by
    // the triggers.
    [
      'triggers off',
      'alter table games disable trigger games_count_players;\nalter table rating_changes disable trigger rating_changes_points',
    ],
    [
      'games',
      `insert into games (id, created_at, updated_at, last_move_at, owner_id, white_player_id, black_player_id,
           mode, record, status, current_turn, winner, move_count, time_control, rated,
           white_rating, white_provisional, white_rating_diff, black_rating, black_provisional, black_rating_diff)
         select g.id, g.created_at, g.created_at, g.created_at + interval '10 minutes', pw.id, pw.id, pb.id,
           'online', '${record}'::jsonb,
           case when g.score = 0.5 then 'draw' else (array['checkmate', 'resigned', 'outoftime'])[1 + floor(g.u * 1000)::int % 3] end,
           case when g.score = 1 then 'black' else 'white' end,
           case g.score when 1 then 'white' when 0 then 'black' end,
           20 + floor(g.r * 100)::int, g.time_control, true,
           round(cw.after - cw.d), cw.deviation / 0.93 > 110, round(cw.after) - round(cw.after - cw.d),
           round(cb.after - cb.d), cb.deviation / 0.93 > 110, round(cb.after) - round(cb.after - cb.d)
         from seed_games g join seed_players pw on pw.i = g.w join seed_players pb on pb.i = g.b
         join seed_changes cw on cw.game = g.id and cw.player = g.w
         join seed_changes cb on cb.game = g.id and cb.player = g.b`,
    ],
    [
      'rating_changes',
      `insert into rating_changes (game_id, user_id, speed, before, after, deviation, diff, created_at)
         select c.game, p.id, c.speed, c.after - c.d, c.after, c.deviation, round(c.after) - round(c.after - c.d),
                c.created_at + interval '10 minutes'
         from seed_changes c join seed_players p on p.i = c.player`,
    ],
    [
      'ratings',
      `insert into ratings (user_id, speed, rating, deviation, volatility, games, rated_at)
         select distinct on (c.player, c.speed) p.id, c.speed, c.after, c.deviation, 0.06,
                count(*) over (partition by c.player, c.speed), c.created_at + interval '10 minutes'
         from seed_changes c join seed_players p on p.i = c.player
         order by c.player, c.speed, c.created_at desc, c.game desc`,
    ],
    [
      'live games',
      // Between active players, begun a few minutes ago: 'Playing now' on their profiles.
      `insert into games (white_player_id, black_player_id, owner_id, mode, record, status, current_turn,
           time_control, rated, created_at, last_move_at)
         select pw.id, pb.id, pw.id, 'online', '${record}'::jsonb, 'active', 'white',
                '{"kind":"correspondence","days":3}'::jsonb, false, now() - random() * interval '10 minutes', now()
         from (select ${pickPlayer} as w, ${pickPlayer} as b from generate_series(1, ${live})) l
         join seed_players pw on pw.i = l.w join seed_players pb on pb.i = (l.b + 1) % ${n}
         where l.w <> (l.b + 1) % ${n}`,
    ],
    ['player counts', 'alter table games enable trigger games_count_players;\nselect recount_players()'],
    [
      'rating points',
      'alter table rating_changes enable trigger rating_changes_points;\nselect rebuild_rating_points()',
    ],
  ];
}

/** Seeds the PostgreSQL database of `url`; answers the usernames' prefix. */
export async function seedRatings(
  url: string,
  counts: RatingSeedCounts = DEFAULT_RATING_COUNTS,
  log: (line: string) => void = () => {},
): Promise<string> {
  const database = await openDatabase({ url });
  const { db } = database;
  const run = Date.now().toString(36);
  const created = Game.create({ mode: 'online' });
  if (!created.ok) throw new Error(created.error.message);
  const record = JSON.stringify({
    ...created.value.toRecord(),
    pendingPromotion: null,
    clock: { white: 0, black: 0 },
  });
  try {
    const started = Date.now();
    await db.transaction(async (tx) => {
      for (const [what, statement] of statements(counts, run, record.replaceAll("'", "''"))) {
        const t = Date.now();
        for (const part of statement.split(';\n')) await tx.execute(sql.raw(part));
        log(`${what}: ${Date.now() - t} ms`);
      }
    });
    // The visibility map lets the profile's counts and the history read their indexes alone.
    for (const table of ['users', 'games', 'ratings', 'rating_changes', 'player_counts'])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    log(`vacuum analyze; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
    return `rated_${run}_`;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to seed');
  const counts = countOptions(DEFAULT_RATING_COUNTS);
  console.log(`Seeding ${JSON.stringify(counts)}`);
  const prefix = await seedRatings(url, counts, console.log);
  console.log(`Done: players ${prefix}0 (the most active) to ${prefix}${counts.users - 1}.`);
}
