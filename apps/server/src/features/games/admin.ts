import { type AdminGamePage, AdminGamesQuery, MaintenanceRequest, type Setting } from '@sbc/api';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../common/audit.ts';
import { startsWith } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { games, settings, users } from '../../db/schema.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { tellMaintenance, writeMaintenance } from './maintenance.ts';
import { gamePage } from './paging.ts';

/**
 * The games a search keeps, each condition on an index: the status on (status, created_at, id), an
 * id's first characters on games_id_prefix, and a player's games on the white and black indexes,
 * the players found first by the first letters of their username (users_username_prefix). Their
 * ids go in as one array parameter, not a subquery: the planner then sees how many games they
 * have, and reads the indexes for a few players and the table for most of them. None without a
 * search.
 */
async function gameSearch(db: Db, { q, status }: Pick<AdminGamesQuery, 'q' | 'status'>) {
  const byStatus = status ? eq(games.status, status) : undefined;
  if (!q) return byStatus;
  const prefix = startsWith(q.toLowerCase());
  const players = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) like ${prefix}`);
  const ids = sql.param(players.map((p) => p.id));
  const byPlayer = players.length
    ? [sql`${games.whitePlayerId} = any(${ids}::text[])`, sql`${games.blackPlayerId} = any(${ids}::text[])`]
    : [];
  return and(byStatus, or(like(games.id, prefix), ...byPlayer));
}

/** The admin's game and settings calls (docs/api.md §6). */
export async function gameAdminRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;
  // Checked before the body: a plain user gets 403 whatever they send.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

  app.get<{ Querystring: AdminGamesQuery }>(
    '/api/admin/games',
    { schema: { querystring: AdminGamesQuery } },
    async (request): Promise<AdminGamePage> => {
      const { q, status, ...page } = request.query;
      return gamePage(db, page, await gameSearch(db, { q, status }));
    },
  );

  app.get('/api/admin/settings', async (): Promise<Setting[]> => {
    const rows = await db.select().from(settings).orderBy(settings.key);
    return rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt.toISOString() }));
  });

  app.post<{ Body: MaintenanceRequest }>(
    '/api/admin/maintenance',
    { schema: { body: MaintenanceRequest } },
    async (request) => {
      const admin = requireAdmin(request);
      const now = services.now();
      const saved = await db.transaction(async (tx) => {
        const written = await writeMaintenance(tx, request.body.enabled, request.body.message, now);
        const details = { enabled: written.maintenanceMode, message: written.message };
        await recordAudit(tx, admin, 'maintenance.update', null, details, now);
        return written;
      });
      // Once stored, so that every instance reads the new setting.
      await tellMaintenance(services.bus, request.log);
      return saved;
    },
  );
}
