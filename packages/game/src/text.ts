import {
  err,
  legalMoves,
  type Move,
  moveFrom,
  movePiece,
  movePromotion,
  moveTo,
  ok,
  type PieceType,
  type Position,
  parseSquare,
  parseTypeLetter,
  parseTypeName,
  type Result,
  squareName,
  type TypeName,
  typeName,
  typeOf,
} from '@sbc/rules';
import { type GameError, gameError } from './errors.ts';

/** A move as a player intends it: squares, which piece of a box, and the promotion piece. */
export interface MoveRequest {
  from: string;
  to: string;
  piece?: TypeName;
  promotion?: TypeName;
}

/** A legal move as a player sends it: its squares and which piece moves. */
export const moveRequest = (m: Move): Required<Pick<MoveRequest, 'from' | 'to' | 'piece'>> => ({
  from: squareName(moveFrom(m)),
  to: squareName(moveTo(m)),
  piece: typeName(typeOf(movePiece(m))),
});

/** A defender's choice: the piece of the attacked box it gives up. */
export interface SacrificeRequest {
  sacrifice: TypeName;
}

const MOVE_TEXT = /^([PNBRQK])?([a-h][1-8])([a-h][1-8])([qrbn])?$/;
const SACRIFICE_TEXT = /^sac=([PNBRQ])$/;
const named = (letter: string): TypeName => typeName(parseTypeLetter(letter.toUpperCase()) as PieceType);

/** Reads move text (`e2e4`, `Qd3d4`, `e7e8q`, `sac=N`; docs/rules.md, appendix) as an intention, no position needed. */
export function parseMoveText(text: string): Result<MoveRequest | SacrificeRequest, GameError> {
  const sac = SACRIFICE_TEXT.exec(text);
  if (sac) return ok({ sacrifice: named(sac[1]) });
  const parts = MOVE_TEXT.exec(text);
  if (!parts) return err(gameError('notMoveText', text));
  const [, letter, from, to, promotion] = parts;
  return ok({
    from,
    to,
    ...(letter ? { piece: named(letter) } : {}),
    ...(promotion ? { promotion: named(promotion) } : {}),
  });
}

/** Reads move text against the legal decisions of `pos`; a rejection says why. */
export function resolveMoveText(pos: Position, text: string): Result<Move, GameError> {
  const parsed = parseMoveText(text);
  if (!parsed.ok) return parsed;
  const request = parsed.value;
  if ('sacrifice' in request) return sacrificeMove(pos, request.sacrifice);
  if (pos.pendingSquare >= 0) return err(gameError('moveWhileChoice', squareName(pos.pendingSquare)));
  const from = parseSquare(request.from);
  const to = parseSquare(request.to);
  const type = request.piece ? parseTypeName(request.piece) : 0;
  const promotion = request.promotion ? parseTypeName(request.promotion) : 0;
  const matches = legalMoves(pos).filter(
    (m) =>
      moveFrom(m) === from &&
      moveTo(m) === to &&
      movePromotion(m) === promotion &&
      (!type || typeOf(movePiece(m)) === type),
  );
  if (matches.length === 0) return err(gameError('illegalMoveText', text));
  if (matches.length > 1) return err(gameError('ambiguousMoveText', request.from, request.to));
  return ok(matches[0]);
}

/** The defender choice that gives up `piece`, while a choice is pending. */
export function sacrificeMove(pos: Position, piece: TypeName): Result<Move, GameError> {
  if (pos.pendingSquare < 0) return err(gameError('noPendingChoice'));
  const type = parseTypeName(piece);
  const m = legalMoves(pos).find((c) => typeOf(movePiece(c)) === type);
  return m === undefined ? err(gameError('noSuchSacrifice', piece)) : ok(m);
}
