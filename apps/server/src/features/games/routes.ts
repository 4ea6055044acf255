import type { FastifyInstance } from 'fastify';
import { gameAdminRoutes } from './admin.ts';
import { clockKeeper } from './clocks.ts';
import { readMaintenance } from './maintenance.ts';
import { playerRoutes } from './player.ts';
import { gameReadRoutes } from './reads.ts';
import { caughtUp } from './store.ts';
import { inactivitySweeper } from './sweeper.ts';

/**
 * Games: the reads, the player's calls, the admin's games and maintenance calls, the inactivity
 * sweeper, the clocks' timers, and the games in play kept in memory, which follow other instances'
 * writes (on the bus), their timers with them.
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const { bus, gameCache, clockTimers } = app.services;
  const stop = bus.subscribe(({ gameId, version, written }) => {
    gameCache.follow(gameId, version, (loaded) => caughtUp(loaded, written));
    // Through Redis the deadline comes as JSON's text.
    const { deadlineAt } = written.columns;
    clockTimers.arm(gameId, deadlineAt ? new Date(deadlineAt) : null, true);
  });
  app.addHook('onClose', async () => stop());
  // Whether maintenance is on, for every page's banner: public, like the refusal it announces.
  app.get('/api/maintenance', async () => readMaintenance(app.services.database.db));
  await app.register(gameReadRoutes);
  await app.register(playerRoutes);
  await app.register(gameAdminRoutes);
  inactivitySweeper(app);
  clockKeeper(app);
}
