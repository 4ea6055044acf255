import type { FastifyInstance } from 'fastify';
import { gameAdminRoutes } from './admin.ts';
import { readMaintenance } from './maintenance.ts';
import { playerRoutes } from './player.ts';
import { inactivitySweeper } from './sweeper.ts';

/**
 * Games: the player's calls, the admin's games and maintenance calls, the inactivity sweeper, and
 * the games in play kept in memory, which other instances' writes (on the bus) invalidate.
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const { bus, gameCache } = app.services;
  const stop = bus.subscribe((event) => gameCache.invalidate(event.gameId, event.version));
  app.addHook('onClose', async () => stop());
  // Whether maintenance is on, for every page's banner: public, like the refusal it announces.
  app.get('/api/maintenance', async () => readMaintenance(app.services.database.db));
  await app.register(playerRoutes);
  await app.register(gameAdminRoutes);
  inactivitySweeper(app);
}
