import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/session.ts';
import { auditRoutes } from './audit.ts';
import { feedbackAdminRoutes } from './feedback.ts';
import { sponsorshipRoutes } from './sponsorships.ts';
import { statsRoutes } from './stats.ts';
import { userAdminRoutes } from './users.ts';

/**
 * The admin panel's calls (docs/api.md §4): accounts, stats and system, playing users,
 * sponsorships, feedback, the audit log. The games, settings and maintenance calls are the games
 * feature's (games/admin.ts).
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Checked before the query or the body: a visitor gets 401 and a plain user 403 whatever they send.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });
  await app.register(userAdminRoutes);
  await app.register(statsRoutes);
  await app.register(sponsorshipRoutes);
  await app.register(feedbackAdminRoutes);
  await app.register(auditRoutes);
}
