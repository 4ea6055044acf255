import { MaintenanceRequest, type Setting } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { settings } from '../../db/schema.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { writeMaintenance } from './maintenance.ts';
import { listGames } from './store.ts';
import { summaryView } from './view.ts';

/** The admin's game and settings calls (docs/api.md §6). */
export async function gameAdminRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;
  // Checked before the body: a plain user gets 403 whatever they send.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

  app.get('/api/admin/games', async () => (await listGames(db)).map(summaryView));

  app.get('/api/admin/settings', async (): Promise<Setting[]> => {
    const rows = await db.select().from(settings).orderBy(settings.key);
    return rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt.toISOString() }));
  });

  app.post<{ Body: MaintenanceRequest }>(
    '/api/admin/maintenance',
    { schema: { body: MaintenanceRequest } },
    async (request) => writeMaintenance(db, request.body.enabled, request.body.message, services.now()),
  );
}
