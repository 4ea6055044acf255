import { type GameStatus, isLive } from '@sbc/game';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, HttpError, notFound } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { refuseRoomGameDuringMaintenance } from '../games/maintenance.ts';
import { insertOnlineGame } from '../games/online.ts';
import { findGameRow } from '../games/store.ts';
import type { GameRow } from '../games/types.ts';
import { tellRoom } from './events.ts';
import type { Player } from './guests.ts';
import { showRoom } from './service.ts';
import { lockRoom, seatsOf, updateRoom } from './store.ts';

const noRematch = (message: string) => new HttpError(409, message, { code: 'noRematch' });

/** The room's ended game of which the player is one side, and the other side; refusals otherwise. */
async function endedGame(services: Services, player: Player, gameId: string) {
  const game = await findGameRow(services.database.db, gameId);
  const sides = [game?.whitePlayerId, game?.blackPlayerId];
  if (!game?.roomId || !sides.includes(player.id)) throw notFound('Game not found');
  if (isLive(game.status as GameStatus))
    throw noRematch("A rematch is offered after the room's game has ended");
  const opponent = (game.whitePlayerId === player.id ? game.blackPlayerId : game.whitePlayerId) as string;
  return { game: game as GameRow & { roomId: string }, opponent };
}

/**
 * Offers a rematch of the room's game that just ended; an offer crossing the opponent's own is
 * an acceptance. The new game swaps the colours.
 */
export async function offerRematch(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  gameId: string,
): Promise<void> {
  await answer(services, log, player, gameId, (offeredBy, opponent) =>
    offeredBy === opponent ? 'accept' : 'offer',
  );
}

export async function respondToRematch(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  gameId: string,
  accept: boolean,
): Promise<void> {
  await answer(services, log, player, gameId, (offeredBy, opponent) => {
    if (offeredBy !== opponent) throw noRematch('There is no rematch offer to answer');
    return accept ? 'accept' : 'decline';
  });
}

/** What a rematch message does, given who offered one so far. */
type Decide = (offeredBy: string | null, opponent: string) => 'offer' | 'accept' | 'decline';

async function answer(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  gameId: string,
  decide: Decide,
): Promise<void> {
  const { game, opponent } = await endedGame(services, player, gameId);
  const db = services.database.db;
  const { action, started } = await db.transaction(async (tx) => {
    const room = await lockRoom(tx, game.roomId);
    if (room.gameId !== gameId || room.status !== 'playing')
      throw noRematch('This game already has a rematch');
    const seated = (await seatsOf(tx, room.id)).map((s) => s.playerId);
    if (!seated.includes(opponent) || !seated.includes(player.id)) {
      throw conflict('Your opponent has left the room');
    }
    const action = decide(room.rematchOfferedBy, opponent);
    if (action !== 'accept') {
      await updateRoom(tx, room.id, { rematchOfferedBy: action === 'offer' ? player.id : null });
      return { action, started: null };
    }
    await refuseRoomGameDuringMaintenance(tx, player);
    const white = game.blackPlayerId as string;
    const black = game.whitePlayerId as string;
    const started = await insertOnlineGame(
      tx,
      {
        roomId: room.id,
        white,
        black,
        ownerId: game.ownerId,
        timeControl: game.timeControl,
        rated: room.rated,
      },
      services.now(),
    );
    await updateRoom(tx, room.id, {
      gameId: started.id,
      hostIsWhite: room.hostId === white,
      rematchOfferedBy: null,
    });
    services.clockTimers.arm(started.id, started.deadlineAt);
    return { action, started: started.id };
  });
  const { roomId } = game;
  if (action === 'offer') {
    await tellRoom(services.bus, log, roomId, { type: 'game:rematch_offered', gameId, offeredBy: player.id });
  } else if (action === 'decline') {
    await tellRoom(services.bus, log, roomId, {
      type: 'game:rematch_declined',
      gameId,
      declinedBy: player.id,
    });
  } else {
    await services.gameLists.written(game.whitePlayerId, game.blackPlayerId);
    const room = await showRoom(services, roomId);
    await tellRoom(
      services.bus,
      log,
      roomId,
      { type: 'game:start', gameId: started!, roomId },
      { type: 'room:update', room },
    );
  }
}
