import { type Game, moveRequest } from '@sbc/game';
import { legalMoves, movePromotion, type TypeName } from '@sbc/rules';

/** A legal move as the board offers it: one entry per piece, promotions folded into one. */
export interface BoardMove {
  from: string;
  to: string;
  piece: TypeName;
  promotion: boolean;
}

/** Every move the side to move may make now, as the board offers them. */
export function boardMoves(game: Game): BoardMove[] {
  if (game.isOver || game.position.pendingSquare >= 0) return [];
  const seen = new Set<string>();
  const out: BoardMove[] = [];
  for (const m of legalMoves(game.position)) {
    const { from, to, piece } = moveRequest(m);
    const key = `${from}${to}${piece}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ from, to, piece, promotion: movePromotion(m) !== 0 });
  }
  return out;
}

/** Move number shown in Game Status: moves divided by two, rounded up, at least 1. */
export const moveNumber = (moveCount: number): number => Math.max(1, Math.ceil(moveCount / 2));
