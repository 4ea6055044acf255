import type { FastifyInstance } from 'fastify';
import { gameAdminRoutes } from './admin.ts';
import { gameRoutes } from './routes.ts';
import { inactivitySweeper } from './sweeper.ts';

/** Games: the player's calls, the admin's games and maintenance calls, and the inactivity sweeper. */
export async function gamesPlugin(app: FastifyInstance): Promise<void> {
  await app.register(gameRoutes);
  await app.register(gameAdminRoutes);
  inactivitySweeper(app);
}
