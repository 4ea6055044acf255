import { KING, PAWN } from '@sbc/rules';
import { type Mode, TABLES } from './tables.ts';
import { WEIGHTS } from './weights.ts';

/**
 * The variant's piece values (docs/engine.md §3), indexed by piece type; the king counts 0 here.
 * Move ordering and the game phase count with them in both modes; the tables below with each
 * mode's own (`weights.ts`).
 */
export const VALUE: readonly number[] = WEIGHTS.sharedbox.material;

/**
 * Value plus table entry (`tables.ts`), signed for white, indexed `mode << 11 | piece << 7 |
 * square` (mode 0 the variant, 1 standard chess): one lookup per piece. MIDDLE holds the
 * middlegame tables, END the endgame ones.
 */
export const MIDDLE = new Int16Array(2 << 11);
export const END = new Int16Array(2 << 11);
const MODES: readonly Mode[] = ['sharedbox', 'chess'];

/** A board square's entry in the tables of `tables.ts` (white's view, rank 8 first) for a piece of `color`: black's mirrored. */
export const tableSquare = (sq: number, color: number): number =>
  (color === 0 ? 7 - (sq >> 4) : sq >> 4) * 8 + (sq & 7);

/** Fills MIDDLE and END from the tables and the piece values (again when the tuner changes them). */
export function buildTables(): void {
  MODES.forEach((mode, m) => {
    const { middle, end } = TABLES[mode];
    const value = WEIGHTS[mode].material;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const white = tableSquare(sq, 0);
      const black = tableSquare(sq, 1);
      for (let t = PAWN; t <= KING; t++) {
        const w = (m << 11) | (t << 7) | sq;
        const b = (m << 11) | ((8 | t) << 7) | sq;
        MIDDLE[w] = value[t] + middle[t - 1][white];
        MIDDLE[b] = -value[t] - middle[t - 1][black];
        END[w] = value[t] + end[t - 1][white];
        END[b] = -value[t] - end[t - 1][black];
      }
    }
  });
}
buildTables();
