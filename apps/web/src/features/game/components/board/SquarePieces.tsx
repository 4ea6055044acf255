import type { PieceState } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import { cn } from '../../../../lib/cn.ts';
import { PieceIcon } from '../Piece.tsx';
import { ordered } from './squares.ts';
import type { Drag } from './useDrag.ts';

/** Pieces lifted by a drag, faded where they stand: one type of a box, or 'all' while it is not chosen. */
export type Dim = TypeName | 'all' | null;

/**
 * The pieces of a square: one piece fills it; a box shows two smaller pieces, the strong piece
 * top left and the other bottom right, each on a ring of its owner's colour.
 */
export function SquarePieces({ pieces, dim }: { pieces: PieceState[]; dim: Dim }) {
  if (pieces.length === 0) return null;
  if (pieces.length === 1) {
    const p = pieces[0];
    return (
      <PieceIcon
        color={p.color}
        type={p.type}
        className={cn('absolute inset-0 h-full w-full drop-shadow-sm', dim && 'opacity-30')}
      />
    );
  }
  const [a, b] = ordered(pieces);
  const mixed = a.color !== b.color;
  const slot = (p: PieceState, pos: string, size: string) => (
    <span
      className={cn(
        'absolute rounded-full',
        pos,
        size,
        mixed &&
          (p.color === 'white'
            ? 'shadow-[inset_0_0_0_2px_#ffffff,inset_0_0_0_3px_#334155]'
            : 'shadow-[inset_0_0_0_2px_#0f172a,inset_0_0_0_3px_#ffffff]'),
        (dim === 'all' || dim === p.type) && 'opacity-30',
      )}
      data-owner={p.color}
    >
      <PieceIcon
        color={p.color}
        type={p.type}
        tight
        className={cn('h-full w-full drop-shadow-sm', mixed && 'p-[7%]')}
      />
    </span>
  );
  return (
    <>
      {slot(a, 'top-[4%] left-[6%]', 'h-[64%] w-[64%]')}
      {slot(b, 'right-[4%] bottom-[4%]', 'h-[54%] w-[54%]')}
    </>
  );
}

/** The dragged piece (or both own pieces of a box not chosen yet) under the pointer. */
export function DraggedPieces({
  drag,
  pieces,
  turn,
  piece,
}: {
  drag: Drag;
  /** The pieces of the square the drag started on. */
  pieces: PieceState[];
  turn: ColorName;
  piece?: TypeName;
}) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2"
      style={{ left: drag.x, top: drag.y, width: drag.size, height: drag.size }}
    >
      <SquarePieces
        pieces={pieces.filter((p) => p.color === turn && (!piece || p.type === piece))}
        dim={null}
      />
    </div>
  );
}
