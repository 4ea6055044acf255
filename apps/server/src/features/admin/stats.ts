import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdminPageQuery,
  type AdminStats,
  type AdminSystem,
  type PageQuery,
  type PlayingUser,
  type PlayingUserPage,
} from '@sbc/api';
import { LIVE_STATUSES } from '@sbc/game';
import { count, countDistinct, desc, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { offsetOf, pageOf, toCount } from '../../common/paging.ts';
import type { Database, Db } from '../../db/connect.ts';
import { games, sponsorships, users } from '../../db/schema.ts';
import { readMaintenance } from '../games/maintenance.ts';
import { countGames } from '../games/store.ts';
import { ONLINE_MS } from './users.ts';

const live = inArray(games.status, [...LIVE_STATUSES]);

/**
 * Every user's seat at a live game, as one subquery: each side on the status index, then the
 * user's primary key (guests, who have no user row, drop out). An OR of the two sides in one join
 * costs about twice as much.
 */
function seatsQuery(db: Db) {
  const side = (column: typeof games.whitePlayerId | typeof games.blackPlayerId) =>
    db
      .select({ id: sql<string>`${users.id}`.as('id') })
      .from(games)
      .innerJoin(users, eq(users.id, column))
      .where(live);
  return unionAll(side(games.whitePlayerId), side(games.blackPlayerId)).as('seats');
}

/** The stat cards, read in parallel: each a count on an index, or the games' kept count. */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const since = new Date(now.getTime() - ONLINE_MS);
  const seats = seatsQuery(db);
  const [[userCounts], [gameCounts], [playing], currencies, maintenance] = await Promise.all([
    db
      .select({
        total: count(),
        online: sql<number>`count(*) filter (where ${gt(users.lastActivityAt, since)})`,
      })
      .from(users),
    // The total from the triggers' count; the games in play on the status index.
    Promise.all([countGames(db), db.select({ active: count() }).from(games).where(live)]).then(
      ([total, [{ active }]]) => [{ total, active }],
    ),
    db.select({ players: countDistinct(sql`${seats.id}`) }).from(seats),
    db
      .select({ currency: sponsorships.currency, amountCents: sum(sponsorships.amountCents), count: count() })
      .from(sponsorships)
      .where(eq(sponsorships.status, 'completed'))
      .groupBy(sponsorships.currency)
      .orderBy(sponsorships.currency),
    readMaintenance(db),
  ]);
  const byCurrency = currencies.map((c) => ({
    currency: c.currency,
    amountCents: toCount(c.amountCents),
    count: toCount(c.count),
  }));
  return {
    totalUsers: toCount(userCounts.total),
    onlineUsers: toCount(userCounts.online),
    playingUsers: toCount(playing.players),
    totalGames: toCount(gameCounts.total),
    activeGames: toCount(gameCounts.active),
    sponsorshipCount: byCurrency.reduce((n, c) => n + c.count, 0),
    sponsorshipsByCurrency: byCurrency,
    maintenanceMode: maintenance.maintenanceMode,
    maintenanceMessage: maintenance.message,
  };
}

/** The size of a folder and everything in it, in bytes. */
async function folderSize(path: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

/** A data folder's size is read again after this long: walking its thousand files takes tens of ms. */
export const FOLDER_SIZE_TTL_MS = 60_000;
const folderSizes = new Map<string, { bytes: number; at: number }>();

async function cachedFolderSize(path: string): Promise<number> {
  const cached = folderSizes.get(path);
  if (cached && Date.now() - cached.at < FOLDER_SIZE_TTL_MS) return cached.bytes;
  const bytes = await folderSize(path);
  folderSizes.set(path, { bytes, at: Date.now() });
  return bytes;
}

/**
 * Storage used: the database's size on PostgreSQL; with PGlite the data folder's, at most a minute
 * old; null in memory.
 */
async function storageBytes(database: Database): Promise<number | null> {
  if (database.kind === 'postgres') {
    const result = (await database.db.execute(sql`select pg_database_size(current_database()) as size`)) as {
      rows: { size: string | number }[];
    };
    return toCount(result.rows[0]?.size);
  }
  if (!database.dataDir) return null;
  return cachedFolderSize(database.dataDir);
}

export async function systemInfo(database: Database, startedAt: Date, now: Date): Promise<AdminSystem> {
  let connected = true;
  let sizeBytes: number | null = null;
  try {
    await database.db.execute(sql`select 1`);
    sizeBytes = await storageBytes(database);
  } catch {
    connected = false;
  }
  return {
    server: 'online',
    database: { kind: database.kind, connected, sizeBytes },
    uptimeSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    startedAt: startedAt.toISOString(),
    nodeVersion: process.version,
  };
}

/** One side of the playing users: the signed-in users who hold that side of a live game. */
function playingSide(db: Db, role: 'white' | 'black') {
  const column = role === 'white' ? games.whitePlayerId : games.blackPlayerId;
  return db
    .select({
      gameId: sql<string>`${games.id}`.as('game_id'),
      role: sql<'white' | 'black'>`${role}`.as('role'),
      mode: games.mode,
      lastMoveAt: games.lastMoveAt,
      userId: sql<string>`${users.id}`.as('user_id'),
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(games)
    .innerJoin(users, eq(users.id, column))
    .where(live);
}

/** Users who play a live game now, the most recent move first; one row per user and game. */
export async function playingUsers(db: Db, query: PageQuery): Promise<PlayingUserPage> {
  const seats = seatsQuery(db);
  const [rows, [{ total }]] = await Promise.all([
    unionAll(playingSide(db, 'white'), playingSide(db, 'black'))
      .orderBy(desc(sql`last_move_at`), sql`game_id`, sql`role`)
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(seats),
  ]);
  const items: PlayingUser[] = rows.map((r) => ({
    gameId: r.gameId,
    role: r.role,
    mode: r.mode,
    lastMoveAt: new Date(r.lastMoveAt).toISOString(),
    user: {
      id: r.userId,
      username: r.username,
      firstName: r.firstName,
      lastName: r.lastName,
      profileImageUrl: r.profileImageUrl,
    },
  }));
  return pageOf(query, toCount(total), items);
}

/** `GET /api/admin/stats`, `/system` and `/playing-users`. */
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { db } = services.database;
  app.get('/api/admin/stats', async () => adminStats(db, services.now()));
  app.get('/api/admin/system', async () => systemInfo(services.database, services.startedAt, services.now()));
  app.get<{ Querystring: PageQuery }>(
    '/api/admin/playing-users',
    { schema: { querystring: AdminPageQuery } },
    async (request) => playingUsers(db, request.query),
  );
}
