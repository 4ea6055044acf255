import { type Move, moveFrom, moveKind, movePiece, movePromotion, moveTo, SACRIFICE } from './move.ts';
import { legalMoves } from './movegen.ts';
import { colorOf, parseTypeLetter, typeLetter, typeOf } from './piece.ts';
import type { Position } from './position.ts';
import { err, ok, type Result } from './result.ts';
import { parseSquare, squareName } from './square.ts';

/**
 * Move text (RULES.md 8): UCI's from-square, to-square and promotion letter, with the moving
 * piece's letter first when the from-square holds two pieces of the mover's colour, and `sac=X`
 * for a defender choice. Write it from the position before the move.
 */
export function moveText(pos: Position, m: Move): string {
  const piece = movePiece(m);
  if (moveKind(m) === SACRIFICE) return `sac=${typeLetter(typeOf(piece))}`;
  const from = moveFrom(m);
  const promotion = movePromotion(m);
  const x = pos.first[from];
  const y = pos.second[from];
  const prefix = y !== 0 && colorOf(x) === colorOf(y) ? typeLetter(typeOf(piece)) : '';
  const suffix = promotion ? typeLetter(promotion).toLowerCase() : '';
  return `${prefix}${squareName(from)}${squareName(moveTo(m))}${suffix}`;
}

const MOVE_TEXT = /^([PNBRQK])?([a-h][1-8])([a-h][1-8])([qrbn])?$/;
const SACRIFICE_TEXT = /^sac=([PNBRQ])$/;

/** Reads move text against the legal decisions of `pos`; a rejection says why. */
export function parseMoveText(pos: Position, text: string): Result<Move> {
  const legal = legalMoves(pos);
  const sac = SACRIFICE_TEXT.exec(text);
  if (sac) {
    if (pos.pendingSquare < 0) return err('No pending defender choice');
    const type = parseTypeLetter(sac[1]);
    const m = legal.find((c) => typeOf(movePiece(c)) === type);
    return m === undefined ? err(`the attacked box holds no ${sac[1]} to sacrifice`) : ok(m);
  }
  const parts = MOVE_TEXT.exec(text);
  if (!parts) return err(`'${text}' is not move text (examples: e2e4, e7e8q, Qd3d4, sac=N)`);
  if (pos.pendingSquare >= 0) return err(`a defender choice is pending on ${squareName(pos.pendingSquare)}`);
  const [, letter, fromName, toName, promo] = parts;
  const from = parseSquare(fromName);
  const to = parseSquare(toName);
  const type = letter ? parseTypeLetter(letter) : 0;
  const promotion = promo ? parseTypeLetter(promo.toUpperCase()) : 0;
  const matches = legal.filter(
    (m) =>
      moveFrom(m) === from &&
      moveTo(m) === to &&
      movePromotion(m) === promotion &&
      (!type || typeOf(movePiece(m)) === type),
  );
  if (matches.length === 0) return err(`illegal move: ${text}`);
  if (matches.length > 1) {
    return err(
      `ambiguous move: the box on ${fromName} holds two pieces that can go to ${toName}; put the letter of the one that moves first`,
    );
  }
  return ok(matches[0]);
}
