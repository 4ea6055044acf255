import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminFeedbackPage,
  AdminGamePage,
  AdminStats,
  AdminSystem,
  AdminUserPage,
  AuditPage,
  GameResponse,
  type GameSummary,
  PlayingUserPage,
  pageCursor,
  Room,
  SponsorshipPage,
} from '@sbc/api';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../src/cli/admin-command.ts';
import { games, users } from '../src/db/schema.ts';
import { addSponsorship } from '../src/features/admin/sponsorships.ts';
import { SESSION_CACHE_MS } from '../src/plugins/session.ts';
import { createGame, insertOnlineGame, play } from './game-helpers.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const DENIED = "You don't have permission to access the admin panel.";

/** Every admin call, with a body where it takes one. */
const ADMIN_CALLS: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users?q=a&page=2'],
  ['GET', '/api/admin/online-users'],
  ['GET', '/api/admin/playing-users'],
  ['GET', '/api/admin/games'],
  ['GET', '/api/admin/sponsorships'],
  ['GET', '/api/admin/feedback'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/system'],
  ['GET', '/api/admin/settings'],
  ['POST', '/api/admin/maintenance', { enabled: true }],
  ['POST', '/api/admin/users/block', { userId: 'someone', isBlocked: true }],
  ['POST', '/api/admin/users/update-admin', { userId: 'someone', isAdmin: true }],
  ['POST', '/api/admin/users/tos-violation', { userId: 'someone', tosViolation: true }],
  ['DELETE', '/api/admin/feedback/00000000-0000-0000-0000-000000000000'],
];

describe('who may call the admin API', () => {
  it('refuses visitors (401) and users who are not admins (403), whatever the query or body', async () => {
    const visitor = server.agent();
    const user = await server.signedIn();
    for (const [method, url, body] of ADMIN_CALLS) {
      for (const [agent, status, message] of [
        [visitor, 401, 'Not signed in'],
        [user, 403, DENIED],
      ] as const) {
        const res = await agent.request(method, url, body);
        expect(res, `${method} ${url}`).toMatchObject({ status, body: { message } });
      }
      // A malformed query or body does not tell a stranger anything either.
      const query = `${url}${url.includes('?') ? '&' : '?'}page=0`;
      const bad = await visitor.request(method, query, body === undefined ? undefined : { enabled: 'x' });
      expect(bad.status, `${method} ${url} malformed`).toBe(401);
      expect((await user.request(method, query, body === undefined ? undefined : {})).status).toBe(403);
    }
  });

  it('refuses a user made admin-less since their session began: at once through the API', async () => {
    const [admin, other] = [
      await server.signedIn({ isAdmin: true }),
      await server.signedIn({ isAdmin: true }),
    ];
    expect((await admin.get('/api/admin/stats')).status).toBe(200);
    await other.post('/api/admin/users/update-admin', { userId: admin.user.id, isAdmin: false });
    expect((await admin.get('/api/admin/stats')).status).toBe(403);
  });

  it('and within SESSION_CACHE_MS when the row is changed behind the server', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    expect((await admin.get('/api/admin/stats')).status).toBe(200);
    await server.app.services.database.db
      .update(users)
      .set({ isAdmin: false })
      .where(eq(users.id, admin.user.id));
    server.advance(SESSION_CACHE_MS + 1);
    expect((await admin.get('/api/admin/stats')).status).toBe(403);
  });
});

describe('paging', () => {
  it('answers 50 rows a page by default, the total, and an empty page past the end', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const t0 = server.app.services.now().getTime();
    await server.app.services.database.db.insert(users).values(
      Array.from({ length: 55 }, (_, i) => ({
        username: `pager_${i}`,
        lastName: 'Pagington',
        createdAt: new Date(t0 - i * 1000),
      })),
    );
    const first = AdminUserPage.parse((await admin.get('/api/admin/users?q=pagington')).body);
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 55, totalPages: 2 });
    expect(first.items.map((u) => u.username)).toEqual(Array.from({ length: 50 }, (_, i) => `pager_${i}`));
    const second = AdminUserPage.parse((await admin.get('/api/admin/users?q=pagington&page=2')).body);
    expect(second.items.map((u) => u.username)).toEqual([
      'pager_50',
      'pager_51',
      'pager_52',
      'pager_53',
      'pager_54',
    ]);
    const small = AdminUserPage.parse(
      (await admin.get('/api/admin/users?q=pagington&page=3&pageSize=20')).body,
    );
    expect(small).toMatchObject({ page: 3, pageSize: 20, total: 55, totalPages: 3 });
    expect(small.items).toHaveLength(15);
    const past = AdminUserPage.parse((await admin.get('/api/admin/users?q=pagington&page=9')).body);
    expect(past).toMatchObject({ items: [], page: 9, total: 55, totalPages: 2 });
  });

  it('refuses a page or page size out of range, with the field named', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    for (const [query, message] of [
      ['page=0', 'page: page must be at least 1'],
      ['page=-1', 'page: page must be at least 1'],
      ['page=1.5', 'page: page must be a whole number'],
      ['page=two', 'page: page must be a whole number'],
      ['pageSize=101', 'pageSize: pageSize must be at most 100'],
      ['pageSize=0', 'pageSize: pageSize must be at least 1'],
    ]) {
      for (const path of [
        'users',
        'online-users',
        'playing-users',
        'games',
        'sponsorships',
        'feedback',
        'audit',
      ]) {
        expect(await admin.get(`/api/admin/${path}?${query}`), `${path}?${query}`).toMatchObject({
          status: 400,
          body: { message },
        });
      }
    }
  });

  it('pages the games, newest first', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const user = await server.signedIn();
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push((await createGame(user)).id);
      server.advance(1000);
    }
    const page = AdminGamePage.parse((await admin.get('/api/admin/games?pageSize=2')).body);
    expect(page.items.map((g) => g.id)).toEqual([made[2], made[1]]);
    expect(page.items[0]).toMatchObject({ whitePlayer: { username: user.user.username } });
    expect(page.total).toBeGreaterThanOrEqual(3);
    const next = AdminGamePage.parse((await admin.get('/api/admin/games?pageSize=2&page=2')).body);
    expect(next.items[0].id).toBe(made[0]);
  });

  it('reads every game exactly once across the pages, from either end, with an exact total', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const user = await server.signedIn();
    for (let i = 0; i < 4; i++) await createGame(user);
    const { db } = server.app.services.database;
    // A deleted game leaves the kept count (the triggers of migration 0002) exact too.
    const doomed = await createGame(user);
    await db.delete(games).where(eq(games.id, doomed.id));
    const all = await db.select({ id: games.id }).from(games).orderBy(desc(games.createdAt), desc(games.id));
    const first = AdminGamePage.parse((await admin.get('/api/admin/games?pageSize=3')).body);
    expect(first.total).toBe(all.length);
    const seen = [...first.items];
    for (let page = 2; page <= first.totalPages; page++) {
      seen.push(
        ...AdminGamePage.parse((await admin.get(`/api/admin/games?pageSize=3&page=${page}`)).body).items,
      );
    }
    expect(seen.map((g) => g.id)).toEqual(all.map((g) => g.id));
    const past = await admin.get(`/api/admin/games?pageSize=3&page=${first.totalPages + 1}`);
    expect(past.body).toMatchObject({ items: [], total: all.length });
  });

  it('reads the same pages next to a cursor as by number, both ways, through ties on the time', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const user = await server.signedIn();
    // Games made in one millisecond: only their ids order them.
    for (let i = 0; i < 5; i++) await createGame(user);
    server.advance(1000);
    for (let i = 0; i < 2; i++) await createGame(user);
    const at = async (query: string) =>
      AdminGamePage.parse((await admin.get(`/api/admin/games?pageSize=3&${query}`)).body);
    const { totalPages } = await at('page=1');
    const byNumber = [];
    for (let page = 1; page <= totalPages; page++) byNumber.push(await at(`page=${page}`));
    expect(totalPages).toBeGreaterThanOrEqual(3);
    for (let page = 2; page <= totalPages; page++) {
      const last = byNumber[page - 2].items.at(-1) as GameSummary;
      expect(await at(`page=${page}&after=${pageCursor(last)}`), `after, page ${page}`).toEqual(
        byNumber[page - 1],
      );
    }
    for (let page = totalPages - 1; page >= 1; page--) {
      const first = byNumber[page].items[0];
      expect(await at(`page=${page}&before=${pageCursor(first)}`), `before, page ${page}`).toEqual(
        byNumber[page - 1],
      );
    }
    const oldest = byNumber[totalPages - 1].items.at(-1) as GameSummary;
    expect((await at(`page=${totalPages + 1}&after=${pageCursor(oldest)}`)).items).toEqual([]);
  });

  it('searches the games by id, player and status, and pages the matches by number or cursor', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const tag = randomBytes(4).toString('hex');
    const zoe = await server.signedIn({ username: `Zoe_${tag}` });
    const zed = await server.signedIn({ username: `zed_${tag}` });
    const mine = [];
    for (let i = 0; i < 3; i++) {
      mine.push((await createGame(zoe)).id);
      server.advance(1000);
    }
    const online = await insertOnlineGame(server, zed.user.id, zoe.user.id);
    const other = (await createGame(zed)).id;
    const { db } = server.app.services.database;
    await db.update(games).set({ status: 'resigned' }).where(eq(games.id, mine[0]));
    const search = async (query: string) => {
      const res = await admin.get(`/api/admin/games?${query}`);
      expect(res.status, query).toBe(200);
      const found = AdminGamePage.parse(res.body);
      return { ids: found.items.map((g) => g.id), total: found.total, totalPages: found.totalPages };
    };
    // A player by the first letters of their username, any case: as white or as black, newest first.
    expect(await search(`q=ZOE_${tag}`)).toMatchObject({
      ids: [online, mine[2], mine[1], mine[0]],
      total: 4,
    });
    expect((await search(`q=z`)).total).toBeGreaterThanOrEqual(5);
    expect((await search(`q=${tag}`)).ids).toEqual([]); // the start of a name, not its middle
    // A game by its id, whole or its first 8 characters (as the list shows it).
    expect(await search(`q=${other}`)).toMatchObject({ ids: [other], total: 1 });
    expect((await search(`q=${other.slice(0, 8).toUpperCase()}`)).ids).toContain(other);
    // A status, alone or with a player.
    const resigned = await search('status=resigned&pageSize=100');
    expect(resigned.ids).toContain(mine[0]);
    expect(resigned.ids).not.toContain(mine[1]);
    expect(await search(`q=zoe_${tag}&status=active`)).toMatchObject({
      ids: [online, mine[2], mine[1]],
      total: 3,
    });
    // `%` and `_` are letters: 'z%' finds no 'zed'.
    expect((await search('q=z%25')).ids).toEqual([]);
    // Pages of a search: by number, and next to a cursor, the same rows.
    const first = await search(`q=zoe_${tag}&pageSize=2`);
    expect(first).toMatchObject({ ids: [online, mine[2]], total: 4, totalPages: 2 });
    expect((await search(`q=zoe_${tag}&pageSize=2&page=2`)).ids).toEqual([mine[1], mine[0]]);
    const last = AdminGamePage.parse((await admin.get(`/api/admin/games?q=zoe_${tag}&pageSize=2`)).body)
      .items[1];
    expect((await search(`q=zoe_${tag}&pageSize=2&page=2&after=${pageCursor(last)}`)).ids).toEqual([
      mine[1],
      mine[0],
    ]);
    // A bad status says what is allowed, and changes nothing.
    expect(await admin.get('/api/admin/games?status=won')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('status: status must be one of active, check') },
    });
  });

  it('refuses a malformed cursor, with the field named', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const id = (await createGame(admin)).id;
    const bad = 'after: after must be a page cursor: <createdAt>_<id> of a row';
    for (const [query, message] of [
      ['after=nonsense', bad],
      [`after=${id}`, bad],
      ['after=2026-01-01T00:00:00.000Z_', bad],
      [`after=2026-01-01T00:00:00Z_${id}`, bad],
      [`after=2026-02-30T00:00:00.000Z_${id}`, bad],
      [`after=2026-01-01T00:00:00.000Z_${id}%00`, bad],
      [`before=x_${id}`, 'before: before must be a page cursor: <createdAt>_<id> of a row'],
      [
        `after=2026-01-01T00:00:00.000Z_${id}&before=2026-01-01T00:00:00.000Z_${id}`,
        'before: send after or before, not both',
      ],
    ])
      expect(await admin.get(`/api/admin/games?page=2&${query}`), query).toMatchObject({
        status: 400,
        body: { message },
      });
  });
});

describe('stats and system', () => {
  it('counts users, online users, players, games and completed sponsorships', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const before = AdminStats.parse((await admin.get('/api/admin/stats')).body);
    const long = new Date(server.app.services.now().getTime() - 10 * 60_000);
    const white = await server.signedIn();
    const black = await server.signedIn({ lastActivityAt: long });
    await white.get('/api/user');
    const online = await insertOnlineGame(server, white.user.id, black.user.id);
    const finished = await createGame(white);
    await server.app.services.database.db
      .update(games)
      .set({ status: 'resigned' })
      .where(eq(games.id, finished.id));
    const { db } = server.app.services.database;
    await addSponsorship(db, { amountCents: 2500, currency: 'USD', status: 'completed' });
    await addSponsorship(db, { amountCents: 50_000, currency: 'INR', status: 'completed' });
    await addSponsorship(db, { amountCents: 999, currency: 'USD', status: 'pending' });
    await addSponsorship(db, { amountCents: 777, currency: 'USD', status: 'failed' });

    const after = AdminStats.parse((await admin.get('/api/admin/stats')).body);
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.onlineUsers - before.onlineUsers).toBe(1); // white; black was last seen 10 minutes ago
    expect(after.playingUsers - before.playingUsers).toBe(2);
    expect(after.totalGames - before.totalGames).toBe(2);
    expect(after.activeGames - before.activeGames).toBe(1);
    expect(after.sponsorshipCount - before.sponsorshipCount).toBe(2);
    expect(after).toMatchObject({ maintenanceMode: false });

    const playing = PlayingUserPage.parse((await admin.get('/api/admin/playing-users?pageSize=100')).body);
    const rows = playing.items.filter((p) => p.gameId === online);
    expect(rows.map((r) => [r.role, r.user.id]).sort()).toEqual([
      ['black', black.user.id],
      ['white', white.user.id],
    ]);
    expect(rows[0]).toMatchObject({ mode: 'online' });
    expect(playing.items.some((p) => p.gameId === finished.id)).toBe(false);
  });

  it('totals the sponsorships per currency, never adding one currency to another', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const stats = async () => (await admin.get('/api/admin/stats')).body as Record<string, unknown>;
    const cents = (s: Record<string, unknown>, currency: string) =>
      AdminStats.parse(s).sponsorshipsByCurrency.find((c) => c.currency === currency) ?? {
        amountCents: 0,
        count: 0,
      };
    const before = await stats();
    const { db } = server.app.services.database;
    await addSponsorship(db, { amountCents: 2500, currency: 'USD', status: 'completed' });
    await addSponsorship(db, { amountCents: 100_000, currency: 'INR', status: 'completed' });
    await addSponsorship(db, { amountCents: 999, currency: 'USD', status: 'pending' });
    const after = await stats();
    // No figure adds 25.00 USD and 1000.00 INR up as 1025.00 of anything.
    expect(after).not.toHaveProperty('totalSponsorshipCents');
    expect(cents(after, 'USD').amountCents - cents(before, 'USD').amountCents).toBe(2500);
    expect(cents(after, 'INR').amountCents - cents(before, 'INR').amountCents).toBe(100_000);
    expect(cents(after, 'INR').count - cents(before, 'INR').count).toBe(1);
    const codes = AdminStats.parse(after).sponsorshipsByCurrency.map((c) => c.currency);
    expect(codes).toEqual([...codes].sort());
  });

  it('tells the uptime and the database; storage is unknown for PGlite in memory', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    server.advance(90_000);
    const system = AdminSystem.parse((await admin.get('/api/admin/system')).body);
    expect(system.uptimeSeconds).toBeGreaterThanOrEqual(90);
    expect(system.database.connected).toBe(true);
    if (process.env.DATABASE_URL) {
      expect(system.database).toMatchObject({ kind: 'postgres' });
      expect(system.database.sizeBytes).toBeGreaterThan(1_000_000);
    } else {
      expect(system.database).toEqual({ kind: 'pglite', connected: true, sizeBytes: null });
    }
  });

  it('measures the data folder of PGlite on disk', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sbc-system-'));
    const onDisk = await startServer({ dataDir });
    try {
      const admin = await onDisk.signedIn({ isAdmin: true });
      const system = AdminSystem.parse((await admin.get('/api/admin/system')).body);
      expect(system.database.kind).toBe('pglite');
      expect(system.database.sizeBytes).toBeGreaterThan(1_000_000);
    } finally {
      await onDisk.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sponsorships', () => {
  it('lists them newest first, Anonymous as null, recorded by the admin CLI', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    const db = async () => server.app.services.database.db;
    const add = (...args: string[]) => adminCommand(['sponsorship', 'add', ...args], db, out);
    expect(
      await add(
        '--name',
        'Ada',
        '--email',
        'ada@example.com',
        '--amount-cents',
        '1234',
        '--currency',
        'usd',
        '--status',
        'completed',
        '--message',
        'Keep going',
      ),
    ).toBe(0);
    expect(lines.at(-1)).toMatch(/^Recorded sponsorship .+: 12\.34 USD \(completed\) from Ada\.$/);
    server.advance(1000);
    expect(await add('--amount-cents', '500', '--currency', 'INR', '--status', 'pending')).toBe(0);
    expect(lines.at(-1)).toMatch(/from Anonymous\.$/);

    lines.length = 0;
    expect(await add('--amount-cents', '12.5', '--currency', 'dollars', '--status', 'done')).toBe(2);
    expect(lines).toEqual([
      'error: --amount-cents: amount-cents must be a whole number of cents',
      'error: --currency: currency must be a 3-letter code such as USD or INR',
      'error: --status: status must be completed, pending or failed',
    ]);
    lines.length = 0;
    expect(await add('--amount', '5')).toBe(2);
    expect(lines[0]).toMatch(/^error: Unknown option '--amount'/);
    expect(await adminCommand(['sponsorship', 'refund'], db, out)).toBe(2);

    const page = SponsorshipPage.parse((await admin.get('/api/admin/sponsorships')).body);
    expect(page.items.slice(0, 2)).toMatchObject([
      {
        sponsorName: null,
        sponsorEmail: null,
        amount: 500,
        currency: 'INR',
        status: 'pending',
        message: null,
      },
      {
        sponsorName: 'Ada',
        sponsorEmail: 'ada@example.com',
        amount: 1234,
        currency: 'USD',
        status: 'completed',
        message: 'Keep going',
      },
    ]);

    lines.length = 0;
    expect(await adminCommand(['sponsorship', 'list'], db, out)).toBe(0);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d\s+5\.00 INR\s+pending\s+Anonymous$/);
    expect(lines[1]).toMatch(/\s12\.34 USD\s+completed\s+Ada <ada@example\.com>\s+Keep going$/);
    expect(lines.at(-1)).toMatch(/^\d+ sponsorships \(page 1 of 1\)\.$/);
  });
});

describe('the audit log', () => {
  it('records blocks, unblocks, admin rights, maintenance and deleted feedback: who, what, when', async () => {
    const admin = await server.signedIn({ isAdmin: true, username: `auditor_${Date.now()}` });
    const target = await server.signedIn();
    const ok = async (res: Promise<{ status: number }>) => expect((await res).status).toBe(200);
    await ok(admin.post('/api/admin/users/block', { userId: target.user.id, isBlocked: true }));
    await ok(admin.post('/api/admin/users/block', { userId: target.user.id, isBlocked: false }));
    await ok(admin.post('/api/admin/users/update-admin', { userId: target.user.id, isAdmin: true }));
    await ok(admin.post('/api/admin/users/update-admin', { userId: target.user.id, isAdmin: false }));
    await ok(admin.post('/api/admin/maintenance', { enabled: true, message: 'Back soon.' }));
    await ok(admin.post('/api/admin/maintenance', { enabled: false }));
    const posted = await server
      .agent()
      .post('/api/feedback', { name: 'Bo', message: 'Spam spam spam', isPublic: 1 });
    await ok(admin.delete(`/api/admin/feedback/${posted.body.id}`));
    // Refusals record nothing.
    expect((await admin.post('/api/admin/users/block', { userId: 'nobody', isBlocked: true })).status).toBe(
      404,
    );

    const log = AuditPage.parse((await admin.get('/api/admin/audit?pageSize=100')).body);
    const mine = log.items.filter((e) => e.actorId === admin.user.id).reverse();
    expect(mine.map((e) => [e.action, e.targetId, e.targetLabel])).toEqual([
      ['user.block', target.user.id, target.user.username],
      ['user.unblock', target.user.id, target.user.username],
      ['user.promote', target.user.id, target.user.username],
      ['user.demote', target.user.id, target.user.username],
      ['maintenance.update', null, null],
      ['maintenance.update', null, null],
      ['feedback.delete', posted.body.id, 'Bo: Spam spam spam'],
    ]);
    expect(mine.every((e) => e.actorUsername === admin.user.username)).toBe(true);
    expect(mine[4].details).toEqual({ enabled: true, message: 'Back soon.' });
    expect(mine[6].details).toMatchObject({ name: 'Bo', message: 'Spam spam spam' });
    expect(Date.parse(mine[0].createdAt)).toBeLessThanOrEqual(Date.parse(mine[6].createdAt));
    expect(log.items[0].createdAt >= log.items.at(-1)!.createdAt).toBe(true); // newest first
  });

  it('names the blocked user in the answer and in the audit log', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const target = await server.signedIn();
    const { username } = target.user;
    for (const [isBlocked, message, action] of [
      [true, `User ${username} blocked`, 'user.block'],
      [false, `User ${username} unblocked`, 'user.unblock'],
    ] as const) {
      const res = await admin.post('/api/admin/users/block', { userId: target.user.id, isBlocked });
      expect(res).toMatchObject({ status: 200, body: { message } });
      const log = AuditPage.parse((await admin.get('/api/admin/audit?pageSize=100')).body);
      expect(log.items.find((e) => e.actorId === admin.user.id)).toMatchObject({
        action,
        targetLabel: username,
      });
    }
  });

  it('records the command line as the actor of promote and demote', async () => {
    const user = await server.signedIn();
    const out = { log: () => {}, error: () => {} };
    const db = async () => server.app.services.database.db;
    expect(await adminCommand(['promote', user.user.username], db, out)).toBe(0);
    const log = AuditPage.parse((await user.get('/api/admin/audit?pageSize=100')).body);
    expect(log.items.find((e) => e.targetId === user.user.id)).toMatchObject({
      actorId: null,
      actorUsername: '(command line)',
      action: 'user.promote',
      targetId: user.user.id,
    });
  });
});

describe('maintenance', () => {
  async function roomWithHost(host: Agent) {
    const res = await host.request('POST', '/api/rooms');
    expect(res.status).toBe(201);
    return Room.parse(res.body);
  }

  it('refuses new games (503 with maintenanceMode) while games under way go on', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const player = await server.signedIn();
    const host = await server.signedIn();
    const guest = await server.signedIn();
    const underWay = GameResponse.parse(await createGame(player));
    const room = await roomWithHost(host);
    const started = await server.signedIn();
    const startedRoom = await roomWithHost(started);
    const opponent = await server.signedIn();
    expect((await opponent.post('/api/rooms/join', { roomCode: startedRoom.code })).status).toBe(200);

    expect(
      (await admin.post('/api/admin/maintenance', { enabled: true, message: 'Back at noon.' })).status,
    ).toBe(200);
    try {
      const refused = { status: 503, body: { maintenanceMode: true, message: 'Back at noon.' } };
      expect(await player.post('/api/games', {})).toMatchObject(refused);
      expect(await player.post('/api/games', { isComputerGame: true })).toMatchObject(refused);
      expect(await player.request('POST', '/api/rooms')).toMatchObject(refused);
      // A second player would start the room's game.
      expect(await guest.post('/api/rooms/join', { roomCode: room.code })).toMatchObject(refused);
      expect((await server.agent().get(`/api/rooms/${room.code}`)).body.players).toHaveLength(1);
      // A player of a game under way comes back to it.
      expect((await opponent.post('/api/rooms/join', { roomCode: startedRoom.code })).status).toBe(200);
      // Moves go on.
      const moved = await play(player, underWay.id, 'e2e4', 'e7e5');
      expect(moved.moveCount).toBe(2);
      // Admins are not refused.
      expect((await admin.post('/api/games', {})).status).toBe(201);
      const stats = AdminStats.parse((await admin.get('/api/admin/stats')).body);
      expect(stats).toMatchObject({ maintenanceMode: true, maintenanceMessage: 'Back at noon.' });
    } finally {
      await admin.post('/api/admin/maintenance', { enabled: false });
    }
    expect((await player.post('/api/games', {})).status).toBe(201);
    expect((await guest.post('/api/rooms/join', { roomCode: room.code })).status).toBe(200);
  });
});

describe('activity', () => {
  it('records a signed-in request at most once a minute per user', async () => {
    const t = () => server.app.services.now().getTime();
    const agent = await server.signedIn({ lastActivityAt: new Date(t() - 30_000) });
    const read = async () =>
      (
        await server.app.services.database.db.select().from(users).where(eq(users.id, agent.user.id))
      )[0].lastActivityAt?.getTime();
    const first = await read();
    await agent.get('/api/user');
    expect(await read()).toBe(first); // 30 s ago: not written again
    server.advance(31_000);
    await agent.get('/api/user');
    const second = await read();
    expect(second).toBeGreaterThan(first! + 60_000); // over a minute: written
    expect(second).toBeLessThanOrEqual(t());
    server.advance(10_000);
    await agent.get('/api/games');
    await agent.get('/api/user');
    expect(await read()).toBe(second);
    // A visitor's requests write nothing, and an online user shows in the list.
    const admin = await server.signedIn({ isAdmin: true });
    const online = AdminUserPage.parse((await admin.get('/api/admin/online-users?pageSize=100')).body);
    expect(online.items.map((u) => u.id)).toContain(agent.user.id);
  });
});

describe('admin feedback', () => {
  it('lists every feedback with its email, deletes one with its replies, and 404s an unknown id', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const visitor = server.agent();
    const root = await visitor.post('/api/feedback', {
      name: 'Cy',
      email: 'cy@example.com',
      message: 'Root',
      isPublic: 1,
    });
    const reply = await visitor.post('/api/feedback', {
      name: 'Di',
      message: 'Reply',
      isPublic: 1,
      parentId: root.body.id,
    });
    const page = AdminFeedbackPage.parse((await admin.get('/api/admin/feedback')).body);
    expect(page.items.slice(0, 2)).toMatchObject([
      { id: reply.body.id, email: null, parentId: root.body.id, isPublic: 1 },
      { id: root.body.id, email: 'cy@example.com', parentId: null, isPublic: 1 },
    ]);
    expect(await admin.delete(`/api/admin/feedback/${root.body.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Feedback deleted' },
    });
    const after = AdminFeedbackPage.parse((await admin.get('/api/admin/feedback')).body);
    expect(after.items.map((f) => f.id)).not.toContain(reply.body.id);
    expect(await admin.delete(`/api/admin/feedback/${root.body.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Feedback not found' },
    });
    expect((await admin.delete('/api/admin/feedback/not-a-uuid')).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/feedback/${reply.body.id}`, {})).body).toEqual({
      message: 'This call takes no body',
    });
  });
});
