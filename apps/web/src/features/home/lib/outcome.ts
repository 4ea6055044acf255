import type { Color, GameSummary } from '@sbc/api';
import { capitalize, isLive } from '@sbc/game';

/** How a decided game was won, by its status. */
const WON_BY: Partial<Record<GameSummary['status'], string>> = {
  checkmate: 'checkmate',
  resigned: 'resignation',
  abandoned: 'abandonment',
};

/** The side `playerId` played, or null when they played both (a local game) or neither. */
function sideOf(game: GameSummary, playerId: string | undefined): Color | null {
  if (game.mode === 'computer') return game.gameState.humanPlayer;
  if (game.mode === 'local') return null;
  if (game.whitePlayerId === playerId) return 'white';
  return game.blackPlayerId === playerId ? 'black' : null;
}

/** `decided`: won by one of the sides the player played both of. */
export type Outcome = { result: 'won' | 'lost' | 'drawn' | 'decided'; text: string };

/**
 * The result of a finished game from the player's side ('Won by checkmate', 'Drawn by agreement'),
 * or from White's and Black's when they played both ('Black won by resignation'); null while live.
 */
export function outcome(game: GameSummary, playerId: string | undefined): Outcome | null {
  if (isLive(game.status)) return null;
  if (game.winner === null) {
    const how =
      game.status === 'stalemate' ? 'stalemate' : game.gameState.drawByAgreement ? 'agreement' : 'rule';
    return { result: 'drawn', text: `Drawn by ${how}` };
  }
  const how = `by ${WON_BY[game.status] ?? game.status}`;
  const side = sideOf(game, playerId);
  if (side === null) return { result: 'decided', text: `${capitalize(game.winner)} won ${how}` };
  return side === game.winner
    ? { result: 'won', text: `Won ${how}` }
    : { result: 'lost', text: `Lost ${how}` };
}
