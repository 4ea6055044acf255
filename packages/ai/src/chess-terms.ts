import {
  ATTACK,
  BISHOP,
  bishopAttacks,
  indexOf,
  KING_ATTACKS,
  KNIGHT,
  KNIGHT_ATTACKS,
  PAWN,
  type Position,
  pawnAttackSet,
  popcount2,
  QUEEN,
  ROOK,
  rookAttacks,
  WHITE,
} from '@sbc/rules';
import { ahead, anyAhead, FILE, NEIGHBOURS, passedPawns, rankOf, stopOf } from './pawns.ts';
import { WEIGHTS } from './weights.ts';

/**
 * The last `chessTerms` or `threats` call's result (`passerPaths` adds to the latter's): the
 * middlegame value, then the endgame one (no pair allocated).
 */
export const CHESS_TERMS = new Int32Array(2);

/**
 * Terms of ordinary chess, white's view, into CHESS_TERMS: the bishop pair, pawns attacking
 * enemy pieces, outposts, rooks on open and half-open files and on the seventh rank, and the side
 * to move's tempo. Standard mode only: the first of them measured +99 ± 22 Elo in standard chess
 * and −25 ± 34 in the variant, where a pawn's attack is not a plain threat among boxes
 * (docs/engine.md §3, docs/benchmarks-log.md).
 */
export function chessTerms(pos: Position): void {
  const p = pos.pieces;
  const { bishopPair, pawnThreat, rookFile, tempo, outpost, rookSeventh } = WEIGHTS.chess;
  let middle = 0;
  let end = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const us = color << 3;
    const them = (color ^ 1) << 3;
    const bishops = (us | BISHOP) << 1;
    if (popcount2(p[bishops], p[bishops | 1]) >= 2) {
      middle += sign * bishopPair[0];
      end += sign * bishopPair[1];
    }
    const own = (us | PAWN) << 1;
    const enemy = (them | PAWN) << 1;
    const threats = pawnThreats(p, color, own, them);
    middle += sign * pawnThreat[0] * threats;
    end += sign * pawnThreat[1] * threats;
    // pawnThreats left the own pawns' attacks in ATTACK.
    const knightPosts = outposts(p, color, (us | KNIGHT) << 1, enemy);
    const bishopPosts = outposts(p, color, (us | BISHOP) << 1, enemy);
    middle += sign * (knightPosts * outpost[0] + bishopPosts * outpost[2]);
    end += sign * (knightPosts * outpost[1] + bishopPosts * outpost[3]);
    // Both halves ORed: a file's squares, rank by rank, fall on the same bits of either word.
    const ownFiles = p[own] | p[own | 1];
    const enemyFiles = p[enemy] | p[enemy | 1];
    const rooks = (us | ROOK) << 1;
    const seventh = onSeventh(pos, color, rooks, enemy);
    middle += sign * rookSeventh[0] * seventh;
    end += sign * rookSeventh[1] * seventh;
    for (let half = 0; half < 2; half++)
      for (let w = p[rooks | half]; w !== 0; w &= w - 1) {
        const file = FILE((31 - Math.clz32(w & -w)) & 7);
        if ((ownFiles & file) !== 0) continue;
        const k = (enemyFiles & file) === 0 ? 0 : 2;
        middle += sign * rookFile[k];
        end += sign * rookFile[k + 1];
      }
  }
  const edge = pos.turn === WHITE ? tempo : -tempo;
  CHESS_TERMS[0] = middle + edge;
  CHESS_TERMS[1] = end + edge;
}

/**
 * How many pieces of `color` on bitboard entry `type` stand on an outpost: the fourth to sixth
 * rank, defended by an own pawn (ATTACK holds the own pawns' attacks), and no enemy pawn left on
 * the next files ahead that could ever attack them.
 */
function outposts(p: Int32Array, color: number, type: number, enemy: number): number {
  let n = 0;
  for (let half = 0; half < 2; half++)
    for (let w = p[type | half] & ATTACK[half]; w !== 0; w &= w - 1) {
      const bit = (half << 5) | (31 - Math.clz32(w & -w));
      const rank = rankOf(color, bit);
      if (rank >= 3 && rank <= 5 && !anyAhead(p, color, bit, enemy, NEIGHBOURS[bit & 7])) n++;
    }
  return n;
}

/** Rank 7 of white (in the high word) and of black (in the low word). */
const SEVENTH = [0x00ff0000, 0x0000ff00];

/**
 * How many rooks of `color` (bitboard entry `rooks`) stand on its seventh rank while the enemy
 * king is on its eighth or enemy pawns (entry `enemy`) are on the seventh: 0 otherwise.
 */
function onSeventh(pos: Position, color: number, rooks: number, enemy: number): number {
  const p = pos.pieces;
  const half = color ^ 1;
  const there = p[rooks | half] & SEVENTH[color];
  if (there === 0) return 0;
  const kingHome = pos.kings[color ^ 1] >> 4 === (color === 0 ? 7 : 0);
  return kingHome || (p[enemy | half] & SEVENTH[color]) !== 0 ? popcount2(there, 0) : 0;
}

/** How many enemy knights, bishops, rooks and queens the pawns of `color` attack. */
function pawnThreats(p: Int32Array, color: number, own: number, them: number): number {
  pawnAttackSet(color, p[own], p[own | 1]);
  let targetLo = 0;
  let targetHi = 0;
  for (let t = KNIGHT; t <= QUEEN; t++) {
    targetLo |= p[(them | t) << 1];
    targetHi |= p[((them | t) << 1) | 1];
  }
  return popcount2(ATTACK[0] & targetLo, ATTACK[1] & targetHi);
}

/**
 * What each colour's knights, bishops, rooks and queens attack, by type:
 * `PIECE_ATTACKS[(color * 8 + type) * 2 + half]`. The evaluation's mobility pass (`activity`)
 * fills it as it goes, since it works out every piece's attacks anyway; `threats` reads it.
 */
export const PIECE_ATTACKS = new Int32Array(32);

/**
 * Each colour's knights', bishops', rooks' and queens' squares to move to beyond four, summed by
 * type (`MOBILITY[color * 8 + type]`), as the mobility pass counts them: `endgameMobility` weighs
 * them again.
 */
export const MOBILITY = new Int32Array(16);

/**
 * The endgame's share of mobility less the middlegame's, white's view: the mobility pass weighs
 * every square by `mobility`, which standard mode reads as the middlegame's weights; a rook or a
 * bishop is worth more squares in an endgame (`mobilityEnd`). Reads MOBILITY of the last pass.
 */
export function endgameMobility(): number {
  const { mobility, mobilityEnd } = WEIGHTS.chess;
  let s = 0;
  for (let t = KNIGHT; t <= QUEEN; t++) s += (mobilityEnd[t] - mobility[t]) * (MOBILITY[t] - MOBILITY[8 | t]);
  return s;
}

/** Each colour's attacks by any piece, two words each: `threats` works them out. */
const ALL = new Int32Array(4);

/**
 * Enemy knights, bishops, rooks and queens that an own minor piece or rook attacks, and those
 * attacked and not defended at all (hanging), white's view, into CHESS_TERMS. Standard mode only
 * (with `passerKings`, +34 ± 21 Elo in standard chess, docs/benchmarks-log.md). Needs PIECE_ATTACKS
 * of `pos`, which the mobility pass fills.
 */
export function threats(pos: Position): void {
  const p = pos.pieces;
  const { threatByMinor, threatByRook, hanging } = WEIGHTS.chess;
  for (let color = 0; color < 2; color++) {
    const pawns = ((color << 3) | PAWN) << 1;
    pawnAttackSet(color, p[pawns], p[pawns | 1]);
    const king = indexOf(pos.kings[color]) << 1;
    const a = color * 16;
    const o = color * 2;
    ALL[o] =
      ATTACK[0] |
      KING_ATTACKS[king] |
      PIECE_ATTACKS[a + 4] |
      PIECE_ATTACKS[a + 6] |
      PIECE_ATTACKS[a + 8] |
      PIECE_ATTACKS[a + 10];
    ALL[o + 1] =
      ATTACK[1] |
      KING_ATTACKS[king | 1] |
      PIECE_ATTACKS[a + 5] |
      PIECE_ATTACKS[a + 7] |
      PIECE_ATTACKS[a + 9] |
      PIECE_ATTACKS[a + 11];
  }
  let middle = 0;
  let end = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const a = color * 16;
    const minorLo = PIECE_ATTACKS[a + 4] | PIECE_ATTACKS[a + 6];
    const minorHi = PIECE_ATTACKS[a + 5] | PIECE_ATTACKS[a + 7];
    const rookLo = PIECE_ATTACKS[a + 8];
    const rookHi = PIECE_ATTACKS[a + 9];
    const them = (color ^ 1) << 3;
    let piecesLo = 0;
    let piecesHi = 0;
    for (let t = KNIGHT; t <= QUEEN; t++) {
      const lo = p[(them | t) << 1];
      const hi = p[((them | t) << 1) | 1];
      piecesLo |= lo;
      piecesHi |= hi;
      const k = (t - KNIGHT) << 1;
      const byMinor = popcount2(minorLo & lo, minorHi & hi);
      const byRook = popcount2(rookLo & lo, rookHi & hi);
      middle += sign * (byMinor * threatByMinor[k] + byRook * threatByRook[k]);
      end += sign * (byMinor * threatByMinor[k + 1] + byRook * threatByRook[k + 1]);
    }
    const d = (color ^ 1) * 2;
    const loose = popcount2(ALL[color * 2] & piecesLo & ~ALL[d], ALL[color * 2 + 1] & piecesHi & ~ALL[d + 1]);
    middle += sign * hanging[0] * loose;
    end += sign * hanging[1] * loose;
  }
  CHESS_TERMS[0] = middle;
  CHESS_TERMS[1] = end;
}

/** Whether the pieces of `piece` (colour and type) attack any of the squares `lo`/`hi`. */
const reaches = (piece: number, lo: number, hi: number): boolean =>
  ((PIECE_ATTACKS[piece << 1] & lo) | (PIECE_ATTACKS[(piece << 1) | 1] & hi)) !== 0;

/**
 * Safe checks, white's view, middlegame only: for each colour and each of knight, bishop, rook
 * and queen, `safeCheck` when one of that type can reach a square from which it would check the
 * enemy king and which no enemy piece or pawn attacks (a threat the king's side must keep
 * answering). Needs `threats` of `pos` just before, for the attacks of either colour.
 */
export function safeChecks(pos: Position): number {
  const o = pos.occupied;
  const occLo = o[0] | o[2];
  const occHi = o[1] | o[3];
  const { safeCheck } = WEIGHTS.chess;
  let s = 0;
  for (let color = 0; color < 2; color++) {
    const d = (color ^ 1) * 2;
    const safeLo = ~ALL[d] & ~o[color * 2];
    const safeHi = ~ALL[d + 1] & ~o[color * 2 + 1];
    const king = indexOf(pos.kings[color ^ 1]);
    // A piece checks from where the same piece on the king's square would attack.
    bishopAttacks(king, occLo, occHi);
    const diagonalLo = ATTACK[0] & safeLo;
    const diagonalHi = ATTACK[1] & safeHi;
    rookAttacks(king, occLo, occHi);
    const straightLo = ATTACK[0] & safeLo;
    const straightHi = ATTACK[1] & safeHi;
    const us = color << 3;
    let checks = 0;
    if (reaches(us | KNIGHT, KNIGHT_ATTACKS[king << 1] & safeLo, KNIGHT_ATTACKS[(king << 1) | 1] & safeHi))
      checks += safeCheck[KNIGHT];
    if (reaches(us | BISHOP, diagonalLo, diagonalHi)) checks += safeCheck[BISHOP];
    if (reaches(us | ROOK, straightLo, straightHi)) checks += safeCheck[ROOK];
    if (reaches(us | QUEEN, diagonalLo | straightLo, diagonalHi | straightHi)) checks += safeCheck[QUEEN];
    s += color === 0 ? checks : -checks;
  }
  return s;
}

/**
 * Passed pawns with a way forward, white's view, added to CHESS_TERMS (`threats`' values): from
 * its fourth rank on, a passed pawn whose square in front is empty earns `passerPath` by how free
 * its way is and whether an own piece defends that square, more the farther it has come. Needs
 * `threats` of `pos` just before, for the attacks of either colour; `lo`/`hi` is its pawn key.
 */
export function passerPaths(pos: Position, lo: number, hi: number): void {
  const o = pos.occupied;
  const path = WEIGHTS.chess.passerPath;
  let middle = 0;
  let end = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const d = (color ^ 1) * 2;
    // Where the enemy stands or attacks.
    const blockedLo = ALL[d] | o[d];
    const blockedHi = ALL[d + 1] | o[d + 1];
    for (let half = 0; half < 2; half++)
      for (let w = passedPawns(pos, lo, hi, color, half); w !== 0; w &= w - 1) {
        const bit = (half << 5) | (31 - Math.clz32(w & -w));
        const rank = rankOf(color, bit);
        if (rank < 3) continue;
        const stop = stopOf(color, bit);
        const word = stop >> 5;
        const mask = 1 << (stop & 31);
        if (((o[word] | o[2 + word]) & mask) !== 0) continue;
        const file = FILE(bit & 7);
        let k = -1;
        if (((ahead(color, bit, 0) & file & blockedLo) | (ahead(color, bit, 1) & file & blockedHi)) === 0)
          k = 0;
        else if (((word === 0 ? blockedLo : blockedHi) & mask) === 0) k = 2;
        let m = k < 0 ? 0 : path[k];
        let e = k < 0 ? 0 : path[k + 1];
        if ((ALL[color * 2 + word] & mask) !== 0) {
          m += path[4];
          e += path[5];
        }
        const steps = 5 * rank - 13;
        middle += sign * (((m * steps) / 6) | 0);
        end += sign * (((e * steps) / 6) | 0);
      }
  }
  CHESS_TERMS[0] += middle;
  CHESS_TERMS[1] += end;
}
