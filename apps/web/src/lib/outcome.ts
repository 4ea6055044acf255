import type { Color, GameSummary } from '@sbc/api';
import { capitalize, isLive } from '@sbc/game';

/** How a decided game was won, by its status. */
const WON_BY: Partial<Record<GameSummary['status'], string>> = {
  checkmate: 'by checkmate',
  resigned: 'by resignation',
  abandoned: 'by abandonment',
  outoftime: 'on time',
};

function drawText({ status, gameState }: GameSummary): string {
  if (gameState.endDrawReason === 'timeout-vs-insufficient') return 'Drawn on time';
  if (gameState.endDrawReason === 'opponent-left') return 'Drawn: opponent left';
  const how = status === 'stalemate' ? 'stalemate' : gameState.drawByAgreement ? 'agreement' : 'rule';
  return `Drawn by ${how}`;
}

/** The side `playerId` played, or null when they played both (a local game) or neither. */
function sideOf(game: GameSummary, playerId: string | undefined): Color | null {
  if (game.mode === 'computer') return game.gameState.humanPlayer;
  if (game.mode === 'local') return null;
  if (game.whitePlayerId === playerId) return 'white';
  return game.blackPlayerId === playerId ? 'black' : null;
}

/** `decided`: won by one of the sides the player played both of; `aborted`: counts for nobody. */
export type Outcome = { result: 'won' | 'lost' | 'drawn' | 'decided' | 'aborted'; text: string };

/** The colour of each result's text (the home's history, a profile's games). */
export const OUTCOME_CLASS: Record<Outcome['result'], string> = {
  won: 'text-emerald-700',
  lost: 'text-red-700',
  drawn: 'text-slate-700',
  decided: 'text-slate-700',
  aborted: 'text-slate-500',
};

/**
 * The result of a finished game from the player's side ('Won by checkmate', 'Lost on time', 'Drawn
 * by agreement', 'Aborted'), or from White's and Black's when they played both ('Black won by
 * resignation'); null while live.
 */
export function outcome(game: GameSummary, playerId: string | undefined): Outcome | null {
  if (isLive(game.status)) return null;
  if (game.status === 'aborted') return { result: 'aborted', text: 'Aborted' };
  if (game.winner === null) return { result: 'drawn', text: drawText(game) };
  const how = WON_BY[game.status] ?? `by ${game.status}`;
  const side = sideOf(game, playerId);
  if (side === null) return { result: 'decided', text: `${capitalize(game.winner)} won ${how}` };
  return side === game.winner
    ? { result: 'won', text: `Won ${how}` }
    : { result: 'lost', text: `Lost ${how}` };
}

/** The change a rated game made to `playerId`'s rating, once it ended; null otherwise. */
export function ratingChange(game: GameSummary, playerId: string | undefined): number | null {
  const side = game.rated ? sideOf(game, playerId) : null;
  return side && (game.ratings[side]?.diff ?? null);
}
