import type { ClientMessage, GameIntention } from '@sbc/api';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { liveOnlineIds } from '../games/current.ts';
import {
  applyIntention,
  type Change,
  claim,
  colorsOf,
  opponentOf,
  playerIdOf,
  requestDraw,
  resign,
  respondToDraw,
} from '../games/intentions.ts';
import { act, readGame, viewTime } from '../games/service.ts';
import type { LoadedGame } from '../games/types.ts';
import { gameView } from '../games/view.ts';
import { absentSince } from '../rooms/presence.ts';
import { offerRematch, respondToRematch } from '../rooms/rematch.ts';
import { countPresence, joinRoom, leaveRoom, showRoom } from '../rooms/service.ts';
import type { Hub, LiveSocket, Role } from './hub.ts';
import type { Budgets } from './limits.ts';
import type { SpectatorNews } from './spectators.ts';
import { refuseVisitor } from './visitors.ts';

/** What the handlers share: the services, the log, this instance's sockets and their budgets, the spectator counts to tell. */
export interface Live {
  services: Services;
  log: FastifyBaseLogger;
  hub: Hub;
  budgets: Budgets;
  spectators: SpectatorNews;
}

const SPECTATOR = new HttpError(403, "Spectators cannot play; only the game's players can", {
  code: 'spectator',
});

/** Answers one client message; a refusal throws and changes nothing. */
export async function handle(live: Live, socket: LiveSocket, message: ClientMessage): Promise<void> {
  const { services, log } = live;
  const { player } = socket;
  refuseVisitor(player, message);
  switch (message.type) {
    case 'room:join':
      return joinBySocket(live, socket, message.code);
    case 'room:leave': {
      const room = await exitRoom(live, socket);
      if (room?.role === 'player') await leaveRoom(services, log, player, room.id);
      return;
    }
    case 'game:move': {
      const { type, gameId, version, ...move } = message;
      return intend(live, socket, gameId, version, { action: 'move', ...move });
    }
    case 'game:choose':
      return intend(live, socket, message.gameId, message.version, {
        action: 'choose',
        sacrifice: message.sacrifice,
      });
    case 'game:promote':
      return intend(live, socket, message.gameId, message.version, {
        action: 'promote',
        piece: message.piece,
      });
    case 'game:resign':
      return play(live, socket, message.gameId, resign);
    case 'game:draw_request':
      return play(live, socket, message.gameId, requestDraw);
    case 'game:draw_respond':
      return play(live, socket, message.gameId, (loaded, id) => respondToDraw(loaded, id, message.accept));
    case 'game:claim':
      return claimAgainstAbsent(live, socket, message.gameId, message.result);
    case 'game:sync':
      return sendGame(live, socket, await viewable(services, socket, message.gameId));
    case 'game:watch':
      return watch(live, socket, message.gameId);
    case 'games:watch':
      // Unknown ids, ended games and private ones are left out without a word.
      return live.hub.followThumbs(socket, await liveOnlineIds(services.database.db, message.gameIds));
    case 'game:rematch_offer':
      return offerRematch(services, log, player, message.gameId);
    case 'game:rematch_respond':
      return respondToRematch(services, log, player, message.gameId, message.accept);
    case 'lobby:watch':
      live.hub.watchLobby(socket);
      return live.hub.send(socket, { type: 'lobby:state', ...(await services.lobby.state(player.id)) });
    case 'lobby:seek': {
      // The user, for maintenance's exception (kept by the sessions, read already by sessionLives).
      const user = socket.sessionId ? ((await services.sessions.userOf(socket.sessionId)) ?? null) : null;
      const { answer } = await services.lobby.seek(player, user, message.seek);
      return live.hub.send(socket, { type: 'lobby:seek_answer', ...answer });
    }
  }
}

/** An intention on a game through the same path as the HTTP calls (features/games/service.ts). */
async function play(
  live: Live,
  socket: LiveSocket,
  gameId: string,
  apply: (loaded: LoadedGame, playerId: string) => Change,
): Promise<void> {
  if (socket.games.get(gameId) === 'spectator') throw SPECTATOR;
  const done = await act(live.services, live.log, socket.player.id, gameId, apply, socket.lagMs);
  // The bus told the game's followers; a socket that acted without following learns it here.
  if (!socket.games.has(gameId)) {
    live.hub.follow(socket, gameId, 'player');
    const { message, ...state } = done.view();
    live.hub.send(socket, { type: 'game:state', gameId, version: state.version, state });
  }
}

/** The opponent left the room's game: since when, as the room's presence has it, decides the claim. */
async function claimAgainstAbsent(live: Live, socket: LiveSocket, gameId: string, result: 'win' | 'draw') {
  const { services } = live;
  const row = (await readGame(services, gameId))?.row;
  const opponent = row && playerIdOf(row, opponentOf(row, socket.player.id));
  const since =
    row?.roomId && opponent ? absentSince(await services.presence.of(row.roomId), opponent) : null;
  return play(live, socket, gameId, (loaded, playerId) =>
    claim(loaded, playerId, result, since, services.now().getTime()),
  );
}

/** A move, choice or promotion, only on the version the client saw. */
function intend(live: Live, socket: LiveSocket, gameId: string, version: number, intention: GameIntention) {
  return play(live, socket, gameId, (loaded, playerId) => {
    const current = loaded.row.version;
    if (current !== version) {
      throw new HttpError(409, `The game is at version ${current}; send game:sync and try again`, {
        code: 'staleVersion',
      });
    }
    return applyIntention(loaded, playerId, intention);
  });
}

/** A game its players may see, and anyone an online game (as a spectator); 404 otherwise. */
async function viewable(services: Services, socket: LiveSocket, gameId: string) {
  const loaded = await readGame(services, gameId);
  const role: Role = loaded && colorsOf(loaded.row, socket.player.id).length ? 'player' : 'spectator';
  if (!loaded || (role === 'spectator' && loaded.row.mode !== 'online')) throw notFound('Game not found');
  return { loaded, role };
}

function sendGame(live: Live, socket: LiveSocket, { loaded }: { loaded: LoadedGame }): void {
  const state = gameView(loaded, loaded.game.state(), viewTime(live.services));
  live.hub.send(socket, { type: 'game:state', gameId: state.id, version: state.version, state });
}

async function watch(live: Live, socket: LiveSocket, gameId: string): Promise<void> {
  const seen = await viewable(live.services, socket, gameId);
  if (!socket.games.has(gameId)) live.hub.follow(socket, gameId, seen.role);
  const { roomId } = seen.loaded.row;
  if (roomId) {
    await enterRoom(live, socket, roomId, seen.role);
    // Who is in the room, for a spectator too (whose coming tells the players no room:update).
    live.hub.send(socket, { type: 'room:state', room: await showRoom(live.services, roomId) });
  }
  sendGame(live, socket, seen);
}

async function joinBySocket(live: Live, socket: LiveSocket, code: string): Promise<void> {
  const { services, log, hub } = live;
  const who = { address: socket.address, playerId: socket.player.id };
  const joined = await services.codeGuesses.check(who, () => joinRoom(services, log, socket.player, code));
  await enterRoom(live, socket, joined.id, 'player');
  if (joined.gameId) hub.follow(socket, joined.gameId, 'player');
  hub.send(socket, { type: 'room:state', room: await showRoom(services, joined.id) });
}

/** Puts the socket in a room (out of any other): its player shows connected, or it counts as a spectator. */
async function enterRoom(live: Live, socket: LiveSocket, roomId: string, role: Role): Promise<void> {
  if (socket.room?.id === roomId && socket.room.role === role) return;
  await exitRoom(live, socket);
  live.hub.enter(socket, roomId, role);
  await count(live, socket, roomId, role, 1);
}

/** A player's coming or going is told at once; a spectator's with the others of the second. */
async function count(live: Live, socket: LiveSocket, roomId: string, role: Role, delta: 1 | -1) {
  if (role === 'player') return countPresence(live.services, live.log, roomId, socket.player.id, delta);
  await live.services.presence.count(roomId, null, delta);
  await live.spectators.changed(roomId);
}

/** Takes the socket out of its room, undoing what entering counted; returns where it was. */
export async function exitRoom(live: Live, socket: LiveSocket): Promise<LiveSocket['room']> {
  const room = live.hub.exit(socket);
  if (room) await count(live, socket, room.id, room.role, -1);
  return room;
}
