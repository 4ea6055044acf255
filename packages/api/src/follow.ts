/**
 * A game followed over the socket (docs/api.md §7): the last full state the server sent, and the
 * rules' copy of the game that each move frame is played on. A frame changes the state by what it
 * carries and what the rules derive, so that it stays small however long the game; the position's
 * digest tells when the two copies part, and then only a full state (game:sync) mends it.
 */
import { type Game, gameFromState, positionDigest } from '@sbc/game';
import type { GameActionResponse, GameResponse } from './games.ts';
import type { MoveFrame } from './live.ts';

/**
 * What became of a frame: `applied` (the state moved on), `stale` (a version held already: ignore
 * it), `gap` (versions were missed) or `mismatch` (the rules' copy no longer matches the server's):
 * after the last two, ask for the game.
 */
export type FrameResult =
  | { kind: 'applied'; state: GameActionResponse }
  | { kind: 'stale' | 'gap' | 'mismatch' };

export class FollowedGame {
  private constructor(
    private held: GameResponse,
    /** Null when the state could not be replayed: every frame then asks for the game. */
    private game: Game | null,
  ) {}

  /** Follows a game from a full state (game:state, an HTTP answer). */
  static from(state: GameResponse): FollowedGame {
    return new FollowedGame(state, gameFromState(state.gameState));
  }

  get state(): GameResponse {
    return this.held;
  }

  /** Plays a move frame on the copy; a frame that does not follow the held version changes nothing. */
  apply(frame: MoveFrame): FrameResult {
    const held = this.held;
    if (frame.version <= held.version) return { kind: 'stale' };
    if (frame.version !== held.version + 1) return { kind: 'gap' };
    const game = this.game;
    const played = game?.playText(frame.text);
    if (!game || !played?.ok || positionDigest(game.position) !== frame.digest) {
      // The copy went where the server's did not: only a full state can say where it is.
      this.game = null;
      return { kind: 'mismatch' };
    }
    const derived = game.state();
    const { end, clock } = frame;
    this.held = {
      ...held,
      version: frame.version,
      moveCount: game.moves.length,
      status: end?.status ?? derived.gameStatus,
      currentTurn: game.turn,
      winner: end ? end.winner : derived.winner,
      ...(end && {
        ratings: end.ratings,
        drawRequestStatus: end.drawRequestStatus,
        drawRequestedBy: end.drawRequestedBy,
      }),
      lastMoveAt: new Date(frame.at).toISOString(),
      gameState: {
        ...derived,
        // As the server says it: a takeback would have to give time back.
        canUndo: held.timeControl.kind === 'untimed' && derived.canUndo,
        canRedo: held.timeControl.kind === 'untimed' && derived.canRedo,
        gameTimer: { ...frame.spent, lastMoveTime: frame.at },
        inactivityDeadline: frame.inactivityDeadline ?? null,
        clock: clock ? clockWith(clock, held.gameState.clock?.plies ?? []) : null,
      },
    };
    return { kind: 'applied', state: { ...this.held, message: played.value.message } };
  }

  /** A full state replaces the held one unless it is older; the copy is replayed from it. */
  reset(state: GameResponse): boolean {
    if (state.version < this.held.version && this.game) return false;
    this.held = state;
    this.game = gameFromState(state.gameState);
    return true;
  }
}

function clockWith({ ply, ...clock }: NonNullable<MoveFrame['clock']>, plies: number[]) {
  return { ...clock, plies: ply === null ? plies : [...plies, ply] };
}
