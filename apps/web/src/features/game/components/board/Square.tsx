import type { PieceState, SquareState } from '@sbc/game';
import { type FocusEvent, type KeyboardEvent, memo, type PointerEvent } from 'react';
import { cn } from '../../../../lib/cn.ts';
import { isLight } from './geometry.ts';
import { type Dim, SquarePieces } from './SquarePieces.tsx';
import { type Marks, piecesOf, squareLabel } from './squares.ts';

/** What the board does with the events of a square's button. */
export interface SquareEvents {
  onFocus: (e: FocusEvent, square: string) => void;
  onClick: (square: string) => void;
  onPointerDown: (e: PointerEvent, square: string) => void;
  onKeyDown: (e: KeyboardEvent, square: string) => void;
}

interface SquareProps {
  square: SquareState;
  marks: Marks;
  dim: Dim;
  /** The square in the tab order (the grid's roving focus). */
  tabbable: boolean;
  /** Pieces can be picked up now. */
  interactive: boolean;
  /** Its rank digit and file letter are shown (left column, bottom row). */
  rankLabel: boolean;
  fileLabel: boolean;
  events: SquareEvents;
}

const samePiece = (a: PieceState | null, b: PieceState | null) =>
  a === b || (!!a && !!b && a.type === b.type && a.color === b.color && a.hasMoved === b.hasMoved);

const sameMarks = (a: Marks, b: Marks) =>
  (Object.keys({ ...a, ...b }) as (keyof Marks)[]).every((k) => a[k] === b[k]);

/**
 * Whether a square shows the same: each state brings a new board, and a move changes a few of its
 * squares, so that the others need not render again (the board's events are one stable object).
 */
function sameSquare(a: SquareProps, b: SquareProps): boolean {
  return (
    a.square.coordinate === b.square.coordinate &&
    samePiece(a.square.piece, b.square.piece) &&
    samePiece(a.square.sharedPiece, b.square.sharedPiece) &&
    sameMarks(a.marks, b.marks) &&
    a.dim === b.dim &&
    a.tabbable === b.tabbable &&
    a.interactive === b.interactive &&
    a.rankLabel === b.rankLabel &&
    a.fileLabel === b.fileLabel &&
    a.events === b.events
  );
}

/** One cell of the grid: a button named after the square, with its marks, box frame and pieces. */
export const Square = memo(function Square({
  square,
  marks,
  dim,
  tabbable,
  interactive,
  rankLabel,
  fileLabel,
  events,
}: SquareProps) {
  const sq = square.coordinate;
  const light = isLight(sq);
  const pieces = piecesOf(square);
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a cell of the grid; its button takes the focus.
    <div role="gridcell" className="relative aspect-square">
      <button
        type="button"
        data-square={sq}
        aria-label={squareLabel(square, marks)}
        aria-pressed={marks.selected}
        tabIndex={tabbable ? 0 : -1}
        onFocus={(e) => events.onFocus(e, sq)}
        onClick={() => events.onClick(sq)}
        onPointerDown={(e) => events.onPointerDown(e, sq)}
        onKeyDown={(e) => events.onKeyDown(e, sq)}
        className={cn(
          'absolute inset-0 block h-full w-full outline-none focus-visible:z-10 focus-visible:ring-4 focus-visible:ring-sky-500 focus-visible:ring-inset',
          light ? 'bg-(--square-light)' : 'bg-(--square-dark)',
          interactive && 'cursor-pointer',
        )}
      >
        <Highlights marks={marks} />
        {pieces.length === 2 && <BoxFrame mixed={pieces[0].color !== pieces[1].color} />}
        <SquarePieces pieces={pieces} dim={dim} />
        {marks.target && <TargetMark occupied={pieces.length > 0} premove={marks.target === 'premove'} />}
      </button>
      {/* Beside the button, not in it: its name is the square's, which the labels do not spell. */}
      {rankLabel && (
        <Coordinate light={light} corner="top-0.5 left-1">
          {Number(sq[1])}
        </Coordinate>
      )}
      {fileLabel && (
        <Coordinate light={light} corner="right-1 bottom-0">
          {sq[0]}
        </Coordinate>
      )}
    </div>
  );
}, sameSquare);

/** The coloured layers under the pieces: last move, queued premove, selection, check, a mating piece, the computer's piece. */
function Highlights({ marks }: { marks: Marks }) {
  return (
    <>
      {marks.last && <span className="absolute inset-0 bg-[#cdd26a]/70" />}
      {marks.queued && <span className="absolute inset-0 bg-[#1e2a78]/50" />}
      {marks.selected && <span className="absolute inset-0 bg-(--square-mark)/45" />}
      {marks.check && (
        <span className="absolute inset-0 bg-[radial-gradient(circle,_rgba(255,0,0,0.9)_0%,_rgba(231,0,0,0.6)_30%,_rgba(169,0,0,0)_75%)]" />
      )}
      {marks.checker && <span className="absolute inset-0 ring-4 ring-red-600 ring-inset" />}
      {marks.chosen && (
        <span className="absolute inset-0 animate-pulse bg-sky-400/50 ring-4 ring-sky-600 ring-inset" />
      )}
    </>
  );
}

/** The dashed frame of a box: amber for one owner's two pieces, violet for a mixed box. */
function BoxFrame({ mixed }: { mixed: boolean }) {
  return (
    <span
      className={cn(
        'absolute inset-[2%] rounded-sm border-2 border-dashed',
        mixed ? 'border-violet-700' : 'border-amber-500',
      )}
    />
  );
}

/**
 * A destination: a dot on an empty square, a ring around the pieces to capture or join; in the
 * theme's mark for a move, navy for a premove.
 */
function TargetMark({ occupied, premove }: { occupied: boolean; premove: boolean }) {
  return occupied ? (
    <span
      className={cn(
        'absolute inset-0 rounded-full border-[5px]',
        premove ? 'border-[#1e2a78]/45' : 'border-(--square-mark)/55',
      )}
    />
  ) : (
    <span
      className={cn(
        'absolute top-1/2 left-1/2 h-[28%] w-[28%] -translate-x-1/2 -translate-y-1/2 rounded-full',
        premove ? 'bg-[#1e2a78]/40' : 'bg-(--square-mark)/50',
      )}
    />
  );
}

/** A rank digit or file letter in a corner of a square, in the other square colour of the theme. */
function Coordinate({
  light,
  corner,
  children,
}: {
  light: boolean;
  corner: string;
  children: string | number;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute text-[10px] font-bold sm:text-xs',
        corner,
        light ? 'text-(--square-dark)' : 'text-(--square-light)',
      )}
    >
      {children}
    </span>
  );
}
