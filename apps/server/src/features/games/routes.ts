import type { FastifyInstance } from 'fastify';
import { gameAdminRoutes } from './admin.ts';
import { playerRoutes } from './player.ts';
import { inactivitySweeper } from './sweeper.ts';

/** Games: the player's calls, the admin's games and maintenance calls, and the inactivity sweeper. */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  await app.register(playerRoutes);
  await app.register(gameAdminRoutes);
  inactivitySweeper(app);
}
