import type { SquareState } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import type { BoardMove } from '../../lib/model.ts';
import { FILES } from './geometry.ts';
import { ownTypes } from './squares.ts';

type Step = [number, number];

const ROOK: Step[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const BISHOP: Step[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const KNIGHT: Step[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

/** File and rank steps of each piece, and whether it slides (to the edge) or steps once. */
const MOVES: Record<Exclude<TypeName, 'pawn'>, { steps: Step[]; slides: boolean }> = {
  knight: { steps: KNIGHT, slides: false },
  bishop: { steps: BISHOP, slides: true },
  rook: { steps: ROOK, slides: true },
  queen: { steps: [...ROOK, ...BISHOP], slides: true },
  king: { steps: [...ROOK, ...BISHOP], slides: false },
};

const name = (file: number, rank: number) =>
  file >= 0 && file < 8 && rank >= 1 && rank <= 8 ? `${FILES[file]}${rank}` : null;

/** The squares a piece could reach on an empty board (a pawn also captures; a king at home castles). */
function reach(type: TypeName, color: ColorName, square: string): string[] {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  const forward = color === 'white' ? 1 : -1;
  const home = color === 'white' ? 1 : 8;
  let out: (string | null)[];
  if (type === 'pawn') {
    out = [name(file, rank + forward), name(file - 1, rank + forward), name(file + 1, rank + forward)];
    if (rank === home + forward) out.push(name(file, rank + 2 * forward));
  } else {
    const { steps, slides } = MOVES[type];
    out = steps.flatMap(([df, dr]) => {
      const line: (string | null)[] = [];
      for (let n = 1; n <= (slides ? 7 : 1); n++) line.push(name(file + n * df, rank + n * dr));
      return line;
    });
    if (type === 'king' && square === `e${home}`) out.push(`c${home}`, `g${home}`);
  }
  return out.filter((s): s is string => s !== null);
}

/**
 * The moves a player may queue while the other side is to move (a premove): each own piece to every
 * square it could reach on an empty board. Whether the move is legal is known only when it is
 * played; the board drops it otherwise.
 */
export function premoveMoves(board: SquareState[][], color: ColorName): BoardMove[] {
  const last = color === 'white' ? '8' : '1';
  return board.flat().flatMap((s) =>
    ownTypes(s, color).flatMap((piece) =>
      reach(piece, color, s.coordinate).map((to) => ({
        from: s.coordinate,
        to,
        piece,
        promotion: piece === 'pawn' && to[1] === last,
      })),
    ),
  );
}
