import websocket from '@fastify/websocket';
import { FRAME_LIMIT } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { refuseForeignOrigin } from '../../plugins/security.ts';
import { maintenanceEvents, readMaintenance } from '../games/maintenance.ts';
import { playerEvents } from '../lobby/events.ts';
import { roomEvents } from '../rooms/events.ts';
import { playerOf } from '../rooms/guests.ts';
import { tellPresence } from '../rooms/service.ts';
import { serve } from './connection.ts';
import { Hub, type LiveSocket, TOO_MANY_SOCKETS } from './hub.ts';
import { keepAlive, watchSessions } from './keepalive.ts';
import { budgets, LOG_EVERY_MS, liveLimits, SPECTATORS_EVERY_MS, Windows } from './limits.ts';
import { SpectatorNews } from './spectators.ts';
import { visitor } from './visitors.ts';

/**
 * The real-time connection at /ws (docs/api.md §7): a player's, guest's or visitor's socket, and the relay of
 * the bus's game and room events to this instance's sockets, and of the maintenance setting when
 * it is switched.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const limits = liveLimits(services.config);
  const hub = new Hub(limits);
  const shared = {
    services,
    hub,
    budgets: budgets(limits),
    spectators: new SpectatorNews(SPECTATORS_EVERY_MS, (roomId) =>
      tellPresence(services, app.log, { roomId, players: false, spectators: true }).catch((err) =>
        app.log.warn({ err, roomId }, 'spectators not told'),
      ),
    ),
  };
  services.lobby.attach({
    connected: (playerId) => hub.has(playerId),
    relay: (message) => hub.relayLobby(message),
  });
  // A refused frame (too big, not WebSocket) is one short line, at most once a minute per address.
  const refusedFrames = new Windows<string>(1, LOG_EVERY_MS);
  const stops = [
    services.bus.subscribe((event) => hub.relayGame(event)),
    roomEvents(services.bus).subscribe((event) => hub.relayRoom(event)),
    playerEvents(services.bus).subscribe((event) => hub.relayPlayer(event)),
    watchSessions(services, hub, app.log),
    keepAlive(hub, limits, () => {
      const now = services.now().getTime();
      shared.budgets.address.sweep(now);
      refusedFrames.sweep(now);
    }),
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
    shared.spectators.stop();
    await Promise.all([...farewells].map((goodbye) => goodbye()));
    await services.presence.stop();
  });
  await app.register(websocket, {
    options: { maxPayload: FRAME_LIMIT },
    errorHandler(error, ws, request) {
      if (refusedFrames.take(request.ip, services.now().getTime())) {
        request.log.warn({ address: request.ip, reason: error.message }, 'socket frame refused');
      }
      ws.terminate();
    },
  });

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        refuseForeignOrigin(request, services.config);
        await services.sessions.load(request);
      },
    },
    (ws, request) => {
      const socket: LiveSocket = {
        ws,
        player: playerOf(request, services.secret) ?? visitor(),
        address: request.ip,
        sessionId: request.sessionId,
        answeredAt: performance.now(),
        pingedAt: 0,
        lagMs: 0,
        room: null,
        games: new Map(),
        thumbs: new Set(),
      };
      const refused = hub.admit(socket);
      if (refused) {
        ws.close(TOO_MANY_SOCKETS, refused);
        return;
      }
      const goodbye = serve({ ...shared, log: request.log }, socket);
      farewells.add(goodbye);
      ws.on('close', () => farewells.delete(goodbye));
    },
  );
}
