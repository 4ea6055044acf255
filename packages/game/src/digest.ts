import type { Position } from '@sbc/rules';

const hex = (half: number) => (half >>> 0).toString(16).padStart(8, '0');

/**
 * A position's digest: its 64-bit Zobrist key as 16 hex digits (pieces and boxes, side to move,
 * castling, en passant and a pending defender choice). The server sends it with each move frame;
 * the client, having played the move on its own copy, compares (packages/api/src/follow.ts).
 */
export const positionDigest = (pos: Position): string => hex(pos.hashHi) + hex(pos.hashLo);
