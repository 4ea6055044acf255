import websocket from '@fastify/websocket';
import { FRAME_LIMIT } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { refuseForeignOrigin } from '../../plugins/security.ts';
import { maintenanceEvents, readMaintenance } from '../games/maintenance.ts';
import { roomEvents } from '../rooms/events.ts';
import { playerOf, requirePlayer } from '../rooms/guests.ts';
import { tellPresence } from '../rooms/service.ts';
import { serve } from './connection.ts';
import { Hub } from './hub.ts';

/**
 * The real-time connection at /ws (docs/api.md §7): a player's or guest's socket, and the relay of
 * the bus's game and room events to this instance's sockets, and of the maintenance setting when
 * it is switched.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const hub = new Hub();
  const stops = [
    services.bus.subscribe((event) => hub.relayGame(event)),
    roomEvents(services.bus).subscribe((event) => hub.relayRoom(event)),
    maintenanceEvents(services.bus).subscribe(() =>
      readMaintenance(services.database.db)
        .then((maintenance) => hub.relayMaintenance(maintenance))
        .catch((err) => app.log.warn({ err }, 'maintenance not relayed')),
    ),
  ];
  const farewells = new Set<() => Promise<void>>();
  // Presence another instance left behind when it died is swept, and its rooms told.
  app.addHook('onReady', () =>
    services.presence.start(async (changes) => {
      for (const change of changes) {
        // A room of another database (instances of other deployments on one Redis): nobody to tell.
        await tellPresence(services, app.log, change).catch((err) =>
          app.log.warn({ err, roomId: change.roomId }, 'presence change not told'),
        );
      }
    }),
  );
  // Before the database closes (onClose), the open sockets count themselves out of their rooms,
  // then this instance's presence goes.
  app.addHook('preClose', async () => {
    for (const stop of stops) stop();
    await Promise.all([...farewells].map((goodbye) => goodbye()));
    await services.presence.stop();
  });
  await app.register(websocket, { options: { maxPayload: FRAME_LIMIT } });

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        refuseForeignOrigin(request, services.config);
        await services.sessions.load(request);
        requirePlayer(request, services.secret);
      },
    },
    (ws, request) => {
      const goodbye = serve({ services, log: request.log, hub }, ws, playerOf(request, services.secret)!);
      farewells.add(goodbye);
      ws.on('close', () => farewells.delete(goodbye));
    },
  );
}
