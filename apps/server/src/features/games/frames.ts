import type { GameActionResponse, GameResponse, MoveFrame, ServerMessage, ServerMessageOf } from '@sbc/api';
import { type Game, type GameStatus, isLive, positionDigest } from '@sbc/game';
import type { GameEvent } from '../../events/bus.ts';
import type { ChangeNews } from './intentions.ts';
import type { GameRow, StoredRecord } from './types.ts';
import { clockState, ratingsOf } from './view.ts';

// The texts an event's sockets get (docs/api.md §7), each built once where the change is stored:
// every instance sends them as they are.

/** A decision: its move text, the game after it, and the mover's time left the chess clock's plies gained (or null). */
interface Decision {
  text: string;
  game: Game;
  ply: number | null;
}

/**
 * A decision's frame (MoveFrame): its move text, the position's digest and what the rules cannot
 * derive (times, clocks, an end's result), from the row as saved at `now`.
 */
export function moveFrame(
  saved: GameRow,
  { text, game, ply }: Decision,
  inactivityMs: number,
  now: number,
): string {
  const { clock: spent } = saved.record as StoredRecord;
  const at = saved.lastMoveAt.getTime();
  const clock = clockState(saved, now);
  const live = isLive(saved.status as GameStatus);
  const frame: MoveFrame = {
    type: 'game:move',
    gameId: saved.id,
    version: saved.version,
    text,
    digest: positionDigest(game.position),
    at,
    spent: { white: Math.floor(spent.white / 1000), black: Math.floor(spent.black / 1000) },
  };
  if (clock) {
    const { plies: _, ...clocks } = clock;
    frame.clock = { ...clocks, ply };
  }
  if (saved.timeControl.kind === 'untimed' && live) frame.inactivityDeadline = at + inactivityMs;
  if (!live) {
    frame.end = {
      status: saved.status as GameResponse['status'],
      winner: saved.winner as GameResponse['winner'],
      ratings: ratingsOf(saved),
      drawRequestStatus: saved.drawRequestStatus as GameResponse['drawRequestStatus'],
      drawRequestedBy: saved.drawRequestedBy,
    };
  }
  return JSON.stringify(frame);
}

/** Any other change's frame: the whole game as it now is, with what the change says. */
export function stateFrame(
  type: GameEvent['type'],
  view: GameActionResponse,
  extra: ChangeNews = {},
): string {
  const { message: _, ...state } = view;
  const changed = { gameId: state.id, version: state.version, state };
  return JSON.stringify(stateMessage(type, changed, extra));
}

function stateMessage(
  type: GameEvent['type'],
  changed: Omit<ServerMessageOf<'game:state'>, 'type'>,
  extra: ChangeNews,
): ServerMessage {
  switch (type) {
    case 'game:move':
    case 'game:updated':
      return { type: 'game:state', ...changed };
    case 'game:resigned':
      return { type, ...changed, resignedBy: extra.resignedBy!, winnerId: extra.winnerId ?? null };
    case 'game:draw_requested':
      return { type, ...changed, requestedBy: extra.requestedBy! };
    case 'game:draw_accepted':
    case 'game:draw_rejected':
      return { type, ...changed };
    case 'game:timeout':
      return {
        type,
        ...changed,
        winnerId: extra.winnerId ?? null,
        inactivePlayerId: extra.inactivePlayerId ?? null,
      };
  }
}

/**
 * The thumbnails' game:fen from the row as saved and the history's last move, no view made; null
 * while a defender's choice is pending, a position no SBFEN describes: the choice's shows the next.
 */
export function thumbFrame(saved: GameRow, game: Game, now: number): string | null {
  if (game.position.pendingSquare >= 0 || saved.sbfen === null) return null;
  const last = game.moves.at(-1);
  const thumb: ServerMessageOf<'game:fen'> = {
    type: 'game:fen',
    gameId: saved.id,
    sbfen: saved.sbfen,
    lastMove: last ? { from: last.from, to: last.to } : null,
    moveCount: saved.moveCount,
    turn: saved.currentTurn as GameResponse['currentTurn'],
    over: !isLive(saved.status as GameStatus),
    clock: clockState(saved, now),
  };
  return JSON.stringify(thumb);
}
