import { type AdminGamePage, AdminGamesQuery, MaintenanceRequest, type Setting } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { settings } from '../../db/schema.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { recordAudit } from '../admin/audit.ts';
import { writeMaintenance } from './maintenance.ts';
import { gamePage } from './paging.ts';

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
    async (request): Promise<AdminGamePage> => gamePage(db, request.query),
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
      return db.transaction(async (tx) => {
        const saved = await writeMaintenance(tx, request.body.enabled, request.body.message, now);
        const details = { enabled: saved.maintenanceMode, message: saved.message };
        await recordAudit(tx, admin, 'maintenance.update', null, details, now);
        return saved;
      });
    },
  );
}
