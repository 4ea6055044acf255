import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  AuditPage,
  LEADERBOARD_MIN_GAMES,
  Leaderboards,
  PlayerGamePage,
  Profile,
  RatingHistory,
} from '@sbc/api';
import type { Speed } from '@sbc/game';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { games, playerCounts, ratingChanges, ratingPoints, ratings, users } from '../src/db/schema.ts';
import { LEADERBOARDS_MAX_AGE_MS } from '../src/features/players/leaderboards.ts';
import { insertGames, insertOnlineGame } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const DAY = 86_400_000;
const db = () => server.app.services.database.db;
const ago = (ms: number) => new Date(server.app.services.now().getTime() - ms);

/** An online game between two users, ended (or not) as given, made `at`. */
async function onlineGame(
  whiteId: string,
  blackId: string,
  { status = 'resigned', winner = null as string | null, at = ago(0) } = {},
): Promise<string> {
  const id = await insertOnlineGame(server, whiteId, blackId);
  await db().update(games).set({ status, winner, createdAt: at }).where(eq(games.id, id));
  return id;
}

/**
 * `diffs.length` rated games of `userId` in `speed` against a fresh opponent, a day apart, the
 * last ended `lastAt`, each with its rating change from 1500 on; the rating row as they leave it.
 */
async function rated(
  userId: string,
  speed: Speed,
  diffs: number[],
  { deviation = 60, lastAt = ago(DAY) } = {},
): Promise<number> {
  const opponent = await server.signedIn();
  let rating = 1500;
  for (const [i, diff] of diffs.entries()) {
    const at = new Date(lastAt.getTime() - (diffs.length - 1 - i) * DAY);
    const gameId = await onlineGame(userId, opponent.user.id, { winner: diff > 0 ? 'white' : 'black', at });
    await db()
      .insert(ratingChanges)
      .values({
        gameId,
        userId,
        speed,
        before: rating,
        after: rating + diff,
        deviation,
        diff,
        createdAt: at,
      });
    rating += diff;
  }
  await db()
    .insert(ratings)
    .values({ userId, speed, rating, deviation, volatility: 0.06, games: diffs.length, ratedAt: lastAt });
  return rating;
}

describe('GET /api/players/{username}', () => {
  it('answers the public profile in any case, and nothing private', async () => {
    const player = await server.signedIn({
      username: `Ada_${Date.now()}`,
      email: `ada.${Date.now()}@example.com`,
      phone: '+15550001234',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const res = await server.agent().get(`/api/players/${player.user.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(Profile.strict().parse(res.body)).toEqual({
      username: player.user.username,
      createdAt: player.user.createdAt.toISOString(),
      tosViolation: false,
      ratings: [],
      counts: { played: 0, won: 0, lost: 0, drawn: 0 },
      playing: null,
    });
    const text = JSON.stringify(res.body);
    for (const secret of [player.user.email!, '5550001234', 'Lovelace', player.user.id]) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts finished online games with a result, and names the game in play', async () => {
    const [me, other] = [await server.signedIn(), await server.signedIn()];
    const [a, b] = [me.user.id, other.user.id];
    await onlineGame(a, b, { winner: 'white', at: ago(5000) });
    await onlineGame(b, a, { status: 'checkmate', winner: 'black', at: ago(4000) });
    await onlineGame(b, a, { status: 'outoftime', winner: 'white', at: ago(3000) });
    await onlineGame(a, b, { status: 'draw', at: ago(2000) });
    await onlineGame(a, b, { status: 'aborted', at: ago(1000) });
    await insertGames(server, a, ['local', 'computer'], { status: 'checkmate', winner: 'white' });
    const live = await onlineGame(b, a, { status: 'active' });
    const profile = Profile.parse((await server.agent().get(`/api/players/${me.user.username}`)).body);
    expect(profile.counts).toEqual({ played: 4, won: 2, lost: 1, drawn: 1 });
    expect(profile.playing).toEqual({ gameId: live });
    // The opponent's side of the same games.
    const theirs = Profile.parse((await server.agent().get(`/api/players/${other.user.username}`)).body);
    expect(theirs.counts).toEqual({ played: 4, won: 1, lost: 2, drawn: 1 });
  });

  it('answers 404 for a username nobody has, on every call of a profile', async () => {
    for (const path of ['', '/ratings', '/games']) {
      const res = await server.agent().get(`/api/players/nobody_here${path}`);
      expect(res, path).toMatchObject({ status: 404, body: { message: 'Player not found' } });
    }
  });
});

describe('player_counts', () => {
  /** The counts as the profile counted them before they were kept: over every online game. */
  const direct = async (ids: string[]) => {
    const { rows } = (await db().execute(sql`select s.id as "userId", count(*)::int as games,
        (count(*) filter (where g.winner = s.side))::int as won,
        (count(*) filter (where g.winner <> s.side))::int as lost,
        (count(*) filter (where g.winner is null and g.status not in ('active', 'check', 'aborted')))::int as drawn
      from ${games} g cross join lateral (values (g.white_player_id, 'white'), (g.black_player_id, 'black')) s(id, side)
      where g.mode = 'online' and s.id in (${sql.join(ids, sql`, `)}) group by s.id order by s.id`)) as unknown as {
      rows: unknown[];
    };
    return rows;
  };
  const kept = (ids: string[]) =>
    db().select().from(playerCounts).where(inArray(playerCounts.userId, ids)).orderBy(playerCounts.userId);

  it('follows every write of a game: made, ended, aborted, its result changed, deleted, another mode', async () => {
    const [a, b] = [(await server.signedIn()).user.id, (await server.signedIn()).user.id];
    const ids = [a, b].sort();
    const writes: [string, () => Promise<unknown>][] = [];
    let first = '';
    writes.push(['a game in play', async () => (first = await onlineGame(a, b, { status: 'active' }))]);
    writes.push([
      'it ends',
      () => db().update(games).set({ status: 'resigned', winner: 'white' }).where(eq(games.id, first)),
    ]);
    writes.push([
      'its result changed',
      () => db().update(games).set({ winner: 'black' }).where(eq(games.id, first)),
    ]);
    writes.push(['an aborted game', () => onlineGame(b, a, { status: 'aborted' })]);
    writes.push(['a draw', () => onlineGame(a, b, { status: 'draw' })]);
    writes.push([
      'games of other modes',
      () => insertGames(server, a, ['local', 'computer'], { status: 'checkmate', winner: 'white' }),
    ]);
    writes.push(['a move', () => db().update(games).set({ moveCount: 40 }).where(eq(games.id, first))]);
    writes.push(['the first deleted', () => db().delete(games).where(eq(games.id, first))]);
    for (const [what, write] of writes) {
      await write();
      expect(await kept(ids), what).toEqual(await direct(ids));
    }
    expect((await kept([a]))[0]).toMatchObject({ games: 2, won: 0, lost: 0, drawn: 1 });
    // And as recounted from scratch (a bulk load's way).
    await db().execute(sql`select recount_players()`);
    expect(await kept(ids)).toEqual(await direct(ids));
  });
});

describe('rating_points', () => {
  /** Each user's, category's and UTC day's last change, as the chart drew them before they were kept. */
  const direct = async (ids: string[]) => {
    const changes = await db()
      .select()
      .from(ratingChanges)
      .where(inArray(ratingChanges.userId, ids))
      .orderBy(ratingChanges.createdAt, ratingChanges.gameId);
    const last = new Map<string, { userId: string; speed: Speed; day: number; at: Date; rating: number }>();
    for (const c of changes) {
      const day = Math.floor(c.createdAt.getTime() / DAY);
      last.set(`${c.userId} ${c.speed} ${day}`, {
        userId: c.userId,
        speed: c.speed,
        day,
        at: c.createdAt,
        rating: c.after,
      });
    }
    const key = (p: { userId: string; speed: string; day: number }) => `${p.userId} ${p.speed} ${p.day}`;
    return [...last.values()].sort((x, y) => key(x).localeCompare(key(y)));
  };
  const kept = async (ids: string[]) =>
    (await db().select().from(ratingPoints).where(inArray(ratingPoints.userId, ids))).sort((x, y) =>
      `${x.userId} ${x.speed} ${x.day}`.localeCompare(`${y.userId} ${y.speed} ${y.day}`),
    );

  it('follows every write of a change: later and earlier the same day, another day, moved, deleted', async () => {
    const [a, b] = [(await server.signedIn()).user.id, (await server.signedIn()).user.id];
    const ids = [a, b];
    const noon = Date.UTC(2026, 10, 20, 12);
    const change = async (userId: string, hour: number, after: number, speed: Speed = 'blitz') => {
      const at = new Date(noon + hour * 3_600_000);
      const gameId = await onlineGame(a, b, { at });
      await db()
        .insert(ratingChanges)
        .values({ gameId, userId, speed, before: 1500, after, deviation: 80, diff: 0, createdAt: at });
      return gameId;
    };
    const made: Record<string, string> = {};
    const writes: [string, () => Promise<unknown>][] = [
      ['a change', async () => (made.first = await change(a, 0, 1510))],
      ['a later one the same day', async () => (made.later = await change(a, 3, 1520))],
      ['an earlier one the same day', () => change(a, -2, 1490)],
      ['the next day (UTC)', async () => (made.next = await change(a, 13, 1530))],
      [
        'another category, another player',
        () => Promise.all([change(a, 1, 1400, 'bullet'), change(b, 1, 1600)]),
      ],
      ['the day’s last deleted with its game', () => db().delete(games).where(eq(games.id, made.later))],
      [
        'a change moved to another day',
        () =>
          db()
            .update(ratingChanges)
            .set({ createdAt: new Date(noon - 2 * DAY) })
            .where(eq(ratingChanges.gameId, made.first)),
      ],
      ['a day’s only change deleted', () => db().delete(games).where(eq(games.id, made.next))],
    ];
    for (const [what, write] of writes) {
      await write();
      expect(await kept(ids), what).toEqual(await direct(ids));
    }
    expect((await kept([a])).map((p) => [p.speed, p.rating])).toEqual([
      ['blitz', 1510],
      ['blitz', 1490],
      ['bullet', 1400],
    ]);
    // And as rebuilt from scratch (a bulk load's way).
    await db().execute(sql`select rebuild_rating_points()`);
    expect(await kept(ids)).toEqual(await direct(ids));
  });
});

describe('ratings, their history and progress', () => {
  it('shows each category with its games and the progress of the last 12, the chart oldest first', async () => {
    const player = await server.signedIn();
    const blitz = [30, 20, -10, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, -3];
    await rated(player.user.id, 'blitz', blitz);
    await rated(player.user.id, 'bullet', [-12], { deviation: 320 });
    const profile = Profile.parse((await server.agent().get(`/api/players/${player.user.username}`)).body);
    expect(profile.ratings).toEqual([
      { speed: 'bullet', rating: 1488, deviation: 320, provisional: true, games: 1, progress: -12 },
      { speed: 'blitz', rating: 1587, deviation: 60, provisional: false, games: 14, progress: 37 },
    ]);
    const history = RatingHistory.parse(
      (await server.agent().get(`/api/players/${player.user.username}/ratings`)).body,
    );
    expect(history.map((h) => h.speed)).toEqual(['bullet', 'blitz']);
    expect(history[0].points).toEqual([{ at: expect.any(Number), rating: 1488 }]);
    const line = history[1].points;
    expect(line.map((p) => p.rating)).toEqual(
      blitz.map((_, i) => 1500 + blitz.slice(0, i + 1).reduce((x, y) => x + y)),
    );
    expect(line.every((p, i) => i === 0 || p.at > line[i - 1].at)).toBe(true);
  });

  it("draws one point a day (UTC), the day's last rating", async () => {
    const [player, opponent] = [await server.signedIn(), await server.signedIn()];
    const noon = Date.UTC(2026, 10, 20, 12);
    for (const [hour, after] of [1510, 1520, 1515].entries()) {
      const at = new Date(noon + hour * 3_600_000);
      const gameId = await onlineGame(player.user.id, opponent.user.id, { winner: 'white', at });
      await db().insert(ratingChanges).values({
        gameId,
        userId: player.user.id,
        speed: 'rapid',
        before: 1500,
        after,
        deviation: 80,
        diff: 5,
        createdAt: at,
      });
    }
    const history = RatingHistory.parse(
      (await server.agent().get(`/api/players/${player.user.username}/ratings`)).body,
    );
    expect(history).toEqual([{ speed: 'rapid', points: [{ at: noon + 2 * 3_600_000, rating: 1515 }] }]);
  });
});

describe('GET /api/players/{username}/games', () => {
  it("pages the player's online games, newest first, finished and live, and no other games", async () => {
    const [me, other] = [await server.signedIn(), await server.signedIn()];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const white = i % 2 ? me.user.id : other.user.id;
      const black = i % 2 ? other.user.id : me.user.id;
      ids.unshift(await onlineGame(white, black, { winner: 'white', at: ago((20 - i) * 1000) }));
    }
    ids.unshift(await onlineGame(me.user.id, other.user.id, { status: 'active' }));
    await insertGames(server, me.user.id, ['local', 'computer']);
    const url = `/api/players/${me.user.username}/games?pageSize=5`;
    const first = PlayerGamePage.parse((await server.agent().get(url)).body);
    expect(first).toMatchObject({ page: 1, pageSize: 5, total: 13, totalPages: 3 });
    expect(first.items.map((g) => g.id)).toEqual(ids.slice(0, 5));
    expect(first.items[0].status).toBe('active');
    const last = PlayerGamePage.parse((await server.agent().get(`${url}&page=3`)).body);
    expect(last.items.map((g) => g.id)).toEqual(ids.slice(10));
    expect(last.items[0]).toMatchObject({
      whitePlayer: { username: other.user.username },
      blackPlayer: { username: me.user.username },
    });
    const past = PlayerGamePage.parse((await server.agent().get(`${url}&page=4`)).body);
    expect(past).toMatchObject({ items: [], total: 13, totalPages: 3 });
    const none = PlayerGamePage.parse(
      (await server.agent().get(`/api/players/${(await server.signedIn()).user.username}/games`)).body,
    );
    expect(none).toMatchObject({ items: [], total: 0, totalPages: 1 });
    expect((await server.agent().get(`${url}&page=0`)).status).toBe(400);
  });
});

describe('GET /api/leaderboards', () => {
  const wins = (n: number) => Array.from({ length: n }, () => 10);
  const board = async (speed: Speed) =>
    Leaderboards.parse((await server.agent().get('/api/leaderboards')).body).find((b) => b.speed === speed)!
      .players;

  it('lists the best of those with 20 rated games, not provisional, active in 30 days, not marked', async () => {
    const named = (name: string) => server.signedIn({ username: `${name}_${Date.now()}` });
    const [best, second, few, provisional, stale, marked] = [
      await named('best'),
      await named('second'),
      await named('few'),
      await named('provisional'),
      await named('stale'),
      await named('marked'),
    ];
    await rated(best.user.id, 'classical', wins(LEADERBOARD_MIN_GAMES + 5));
    await rated(second.user.id, 'classical', [...wins(LEADERBOARD_MIN_GAMES - 1), -10]);
    await rated(
      few.user.id,
      'classical',
      wins(LEADERBOARD_MIN_GAMES - 1).map((d) => d * 3),
    );
    await rated(provisional.user.id, 'classical', wins(30), { deviation: 111 });
    await rated(stale.user.id, 'classical', wins(30), { lastAt: ago(31 * DAY) });
    await rated(marked.user.id, 'classical', wins(40));
    await db().update(users).set({ tosViolation: true }).where(eq(users.id, marked.user.id));
    server.advance(LEADERBOARDS_MAX_AGE_MS);
    expect(await board('classical')).toEqual([
      { username: best.user.username, rating: 1750, progress: 120 },
      { username: second.user.username, rating: 1680, progress: 100 },
    ]);
    expect(await board('bullet')).toEqual([]);
  });

  it('is kept LEADERBOARDS_MAX_AGE_MS, then answered while it is read again', async () => {
    server.advance(LEADERBOARDS_MAX_AGE_MS);
    await vi.waitFor(async () => expect(await board('classical')).toHaveLength(2));
    const newcomer = await server.signedIn();
    await rated(newcomer.user.id, 'rapid', wins(LEADERBOARD_MIN_GAMES));
    expect(await board('rapid')).toEqual([]);
    server.advance(LEADERBOARDS_MAX_AGE_MS);
    expect(await board('rapid')).toEqual([]); // the kept boards, while they are read again
    await vi.waitFor(async () =>
      expect((await board('rapid')).map((p) => p.username)).toEqual([newcomer.user.username]),
    );
  });

  it('answers the boards as compressed as asked, the same JSON in each encoding', async () => {
    const get = (encoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/leaderboards',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const [plain, br, gzip, refused] = [
      await get(),
      await get('gzip, deflate, br'),
      await get('gzip'),
      await get('br;q=0, deflate'),
    ];
    expect(plain.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const boards = Leaderboards.parse(plain.json());
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(boards);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(boards);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(boards);
  });
});

describe('POST /api/admin/users/tos-violation', () => {
  it('marks an account at once: off the leaderboards, said on the profile, in the audit log; and clears it', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const cheat = await server.signedIn();
    await rated(
      cheat.user.id,
      'correspondence',
      Array.from({ length: 25 }, () => 40),
    );
    const names = async () =>
      Leaderboards.parse((await server.agent().get('/api/leaderboards')).body)
        .find((b) => b.speed === 'correspondence')!
        .players.map((p) => p.username);
    const profile = async () =>
      Profile.parse((await server.agent().get(`/api/players/${cheat.user.username}`)).body).tosViolation;
    server.advance(LEADERBOARDS_MAX_AGE_MS);
    await vi.waitFor(async () => expect(await names()).toEqual([cheat.user.username]));

    const marked = await admin.post('/api/admin/users/tos-violation', {
      userId: cheat.user.id,
      tosViolation: true,
    });
    expect(marked).toMatchObject({
      status: 200,
      body: {
        message: `User ${cheat.user.username} marked as violating the terms`,
        user: { tosViolation: true },
      },
    });
    expect(await names()).toEqual([]);
    expect(await profile()).toBe(true);

    const cleared = await admin.post('/api/admin/users/tos-violation', {
      userId: cheat.user.id,
      tosViolation: false,
    });
    expect(cleared.status).toBe(200);
    expect(await names()).toEqual([cheat.user.username]);
    expect(await profile()).toBe(false);

    const log = AuditPage.parse((await admin.get('/api/admin/audit')).body);
    expect(
      log.items
        .filter((e) => e.actorId === admin.user.id)
        .reverse()
        .map((e) => [e.action, e.targetId, e.targetLabel]),
    ).toEqual([
      ['user.tos-violation', cheat.user.id, cheat.user.username],
      ['user.tos-clear', cheat.user.id, cheat.user.username],
    ]);
  });

  it('refuses a user who is not an admin (403), a bad body (400) and an unknown user (404), changing nothing', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const plain = await server.signedIn();
    const target = await server.signedIn();
    const call = (agent: typeof admin, body: unknown) => agent.post('/api/admin/users/tos-violation', body);
    expect(await call(plain, { userId: target.user.id, tosViolation: true })).toMatchObject({ status: 403 });
    expect(await call(admin, { userId: target.user.id, tosViolation: 'yes' })).toMatchObject({
      status: 400,
      body: { message: 'tosViolation: tosViolation must be true or false' },
    });
    expect(await call(admin, { tosViolation: true })).toMatchObject({ status: 400 });
    expect(await call(admin, { userId: 'nobody', tosViolation: true })).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row.tosViolation).toBe(false);
    const log = AuditPage.parse((await admin.get('/api/admin/audit')).body);
    expect(log.items.filter((e) => e.actorId === admin.user.id)).toEqual([]);
  });
});
