import type { PieceState, SquareState } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import {
  type KeyboardEvent,
  lazy,
  memo,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../../lib/cn.ts';
import type { BoardMove } from '../lib/model.ts';
import { PieceIcon } from './Piece.tsx';
import { PieceSprite } from './PieceSprite.tsx';

// Radix's dialog loads when a player first picks up a piece of an own box (a board that only shows never does).
const PieceChoiceDialog = lazy(() =>
  import('./PieceChoiceDialog.tsx').then((m) => ({ default: m.PieceChoiceDialog })),
);

export interface BoardProps {
  /** Rank 8 first, file a first (the rules' GameState board). */
  board: SquareState[][];
  /** The side shown at the bottom. */
  orientation: ColorName;
  /** The side whose pieces may be moved now. */
  turn: ColorName;
  /** The legal moves offered now; empty when the board only shows. */
  moves: readonly BoardMove[];
  lastMove?: { from: string; to: string } | null;
  /** The king in check. */
  checkSquare?: string | null;
  /** The computer's chosen piece. */
  highlight?: string | null;
  onMove?: (move: { from: string; to: string; piece: TypeName }) => void;
  label?: string;
}

interface Selection {
  square: string;
  /** Which piece of the square moves; undefined while a box's piece is not chosen yet (drag). */
  piece?: TypeName;
}

const FILES = 'abcdefgh';
const DRAG_THRESHOLD = 5;

const piecesOf = (s: SquareState): PieceState[] =>
  [s.piece, s.sharedPiece].filter((p): p is PieceState => p !== null);

/** Strong pieces first, then white before black: "white knight and white pawn". */
function ordered(pieces: PieceState[]): PieceState[] {
  return [...pieces].sort(
    (a, b) =>
      Number(a.type === 'pawn') - Number(b.type === 'pawn') ||
      Number(a.color === 'black') - Number(b.color === 'black'),
  );
}

export function describeSquare(s: SquareState): string {
  const pieces = ordered(piecesOf(s));
  if (pieces.length === 0) return `${s.coordinate}, empty`;
  return `${s.coordinate}, ${pieces.map((p) => `${p.color} ${p.type}`).join(' and ')}`;
}

/**
 * The board: rank 8 on top for White, flipped for Black. Click a piece, then a marked square; or
 * drag it. From an own two-piece box the player first chooses the piece ('Select Piece to Move').
 * Keyboard: arrow keys move between squares, Enter or Space acts as a click. It renders again only
 * when its props change.
 */
export const Board = memo(function Board({
  board,
  orientation,
  turn,
  moves,
  lastMove,
  checkSquare,
  highlight,
  onMove,
  label = 'Chess board',
}: BoardProps) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [choice, setChoice] = useState<{ square: string; to?: string; types: TypeName[] } | null>(null);
  const [focus, setFocus] = useState<string>(orientation === 'white' ? 'e2' : 'e7');
  const [drag, setDrag] = useState<{ square: string; x: number; y: number; size: number } | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const pressRef = useRef<{ square: string; x: number; y: number; started: boolean } | null>(null);
  const suppressClick = useRef(false);

  const squares = useMemo(() => {
    const map = new Map<string, SquareState>();
    for (const row of board) for (const s of row) map.set(s.coordinate, s);
    return map;
  }, [board]);

  // A new position (a move was made or taken back) clears the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new position only.
  useEffect(() => {
    setSelection(null);
    setChoice(null);
  }, [board, moves]);

  const rows = useMemo(() => {
    const ranks = orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
    const files = orientation === 'white' ? [...FILES] : [...FILES].reverse();
    return ranks.map((r) => files.map((f) => `${f}${r}`));
  }, [orientation]);

  const movesFrom = (square: string, piece?: TypeName) =>
    moves.filter((m) => m.from === square && (piece === undefined || m.piece === piece));
  const destinations = new Set(
    selection ? movesFrom(selection.square, selection.piece).map((m) => m.to) : [],
  );

  /** The mover's own piece types on a square (two for an own box of different types). */
  const ownTypes = (square: string): TypeName[] => {
    const s = squares.get(square);
    if (!s) return [];
    return [
      ...new Set(
        piecesOf(s)
          .filter((p) => p.color === turn)
          .map((p) => p.type),
      ),
    ];
  };

  const play = (from: string, to: string, piece: TypeName) => {
    setSelection(null);
    onMove?.({ from, to, piece });
  };

  /** A move to `to` from the selection; asks which piece when two could go. */
  const tryMove = (from: string, to: string, piece?: TypeName): boolean => {
    const candidates = movesFrom(from, piece).filter((m) => m.to === to);
    const types = [...new Set(candidates.map((m) => m.piece))];
    if (types.length === 0) return false;
    if (types.length === 1) play(from, to, types[0]);
    else setChoice({ square: from, to, types });
    return true;
  };

  const select = (square: string) => {
    const types = ownTypes(square);
    if (types.length === 0 || moves.length === 0) {
      setSelection(null);
      return;
    }
    if (types.length > 1) setChoice({ square, types });
    else setSelection({ square, piece: types[0] });
  };

  const activate = (square: string) => {
    if (!onMove) return;
    if (selection && destinations.has(square)) {
      tryMove(selection.square, square, selection.piece);
      return;
    }
    if (selection?.square === square) {
      setSelection(null);
      return;
    }
    select(square);
  };

  const onChoose = (type: TypeName) => {
    const c = choice;
    setChoice(null);
    if (!c) return;
    if (c.to) play(c.square, c.to, type);
    else setSelection({ square: c.square, piece: type });
  };

  // ---- Drag and drop with pointer events ----
  const squareAt = (x: number, y: number): string | null => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-square]');
    return el?.dataset.square ?? null;
  };

  const onPointerDown = (e: ReactPointerEvent, square: string) => {
    if (!onMove || e.button !== 0 || ownTypes(square).length === 0 || moves.length === 0) return;
    pressRef.current = { square, x: e.clientX, y: e.clientY, started: false };
  };

  useEffect(() => {
    const move = (e: PointerEvent) => {
      const press = pressRef.current;
      if (!press) return;
      if (!press.started) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
        press.started = true;
        const types = ownTypes(press.square);
        setSelection({ square: press.square, piece: types.length === 1 ? types[0] : undefined });
      }
      const size = (boardRef.current?.getBoundingClientRect().width ?? 320) / 8;
      setDrag({ square: press.square, x: e.clientX, y: e.clientY, size });
    };
    const up = (e: PointerEvent) => {
      const press = pressRef.current;
      pressRef.current = null;
      if (!press?.started) return;
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      setDrag(null);
      const target = squareAt(e.clientX, e.clientY);
      const types = ownTypes(press.square);
      if (
        !target ||
        target === press.square ||
        !tryMove(press.square, target, types.length === 1 ? types[0] : undefined)
      ) {
        setSelection(null);
      }
    };
    const cancel = () => {
      pressRef.current = null;
      setDrag(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  });

  // ---- Keyboard ----
  const onKeyDown = (e: KeyboardEvent, square: string) => {
    const delta: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const d = delta[e.key];
    if (d) {
      e.preventDefault();
      const row = rows.findIndex((r) => r.includes(square));
      const col = rows[row].indexOf(square);
      const next = rows[Math.min(7, Math.max(0, row + d[0]))][Math.min(7, Math.max(0, col + d[1]))];
      setFocus(next);
      boardRef.current?.querySelector<HTMLElement>(`[data-square="${next}"]`)?.focus();
    } else if (e.key === 'Escape') {
      setSelection(null);
    }
  };

  const choiceSquare = choice ? squares.get(choice.square) : undefined;
  const choiceOptions = choice
    ? choice.types.map((type) => ({
        type,
        color: turn,
        disabled: movesFrom(choice.square, type).length === 0,
        note: movesFrom(choice.square, type).length === 0 ? 'No legal moves' : undefined,
      }))
    : [];

  return (
    <div className="relative w-full select-none">
      <PieceSprite />
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA grid pattern (a 2D widget with roving focus), not a data table. */}
      <div
        ref={boardRef}
        role="grid"
        aria-label={label}
        className="grid aspect-square w-full touch-none grid-rows-8 overflow-hidden rounded-md shadow-lg ring-1 ring-slate-900/20"
      >
        {rows.map((row, r) => (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a row of the grid; its buttons take the focus.
          <div role="row" key={row[0]} className="grid grid-cols-8">
            {row.map((sq, c) => {
              const s = squares.get(sq);
              if (!s) return null;
              const file = FILES.indexOf(sq[0]);
              const rank = Number(sq[1]);
              const light = (file + rank) % 2 === 1;
              const pieces = piecesOf(s);
              const isBox = pieces.length === 2;
              const mixed = isBox && pieces[0].color !== pieces[1].color;
              const selected = selection?.square === sq;
              const target = destinations.has(sq);
              const last = lastMove && (lastMove.from === sq || lastMove.to === sq);
              const check = checkSquare === sq;
              const chosen = highlight === sq;
              const dragging = drag?.square === sq;
              const states = [
                selected && 'selected',
                target && 'possible move',
                chosen && "computer's piece",
                check && 'in check',
                last && 'last move',
              ].filter(Boolean);
              const name = describeSquare(s) + (states.length ? `, ${states.join(', ')}` : '');
              return (
                // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a cell of the grid; its button takes the focus.
                <div role="gridcell" key={sq} className="relative aspect-square">
                  <button
                    type="button"
                    data-square={sq}
                    aria-label={name}
                    aria-pressed={selected}
                    tabIndex={focus === sq ? 0 : -1}
                    onFocus={() => setFocus(sq)}
                    onClick={() => {
                      if (!suppressClick.current) activate(sq);
                    }}
                    onPointerDown={(e) => onPointerDown(e, sq)}
                    onKeyDown={(e) => onKeyDown(e, sq)}
                    className={cn(
                      'absolute inset-0 block h-full w-full outline-none focus-visible:z-10 focus-visible:ring-4 focus-visible:ring-sky-500 focus-visible:ring-inset',
                      light ? 'bg-[#f0d9b5]' : 'bg-[#b58863]',
                      onMove && moves.length > 0 && 'cursor-pointer',
                    )}
                  >
                    {last && <span className="absolute inset-0 bg-[#cdd26a]/70" />}
                    {selected && <span className="absolute inset-0 bg-[#14551e]/45" />}
                    {check && (
                      <span className="absolute inset-0 bg-[radial-gradient(circle,_rgba(255,0,0,0.9)_0%,_rgba(231,0,0,0.6)_30%,_rgba(169,0,0,0)_75%)]" />
                    )}
                    {chosen && (
                      <span className="absolute inset-0 animate-pulse bg-sky-400/50 ring-4 ring-sky-600 ring-inset" />
                    )}
                    {isBox && (
                      <span
                        className={cn(
                          'absolute inset-[2%] rounded-sm border-2 border-dashed',
                          mixed ? 'border-violet-700' : 'border-amber-500',
                        )}
                      />
                    )}
                    <SquarePieces pieces={pieces} dim={dragging ? (selection?.piece ?? 'all') : null} />
                    {target &&
                      (pieces.length === 0 ? (
                        <span className="absolute top-1/2 left-1/2 h-[28%] w-[28%] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[#14551e]/50" />
                      ) : (
                        <span className="absolute inset-0 rounded-full border-[5px] border-[#14551e]/55" />
                      ))}
                  </button>
                  {/* Beside the button, not in it: its name is the square's, which the labels do not spell. */}
                  {c === 0 && (
                    <Coordinate light={light} corner="top-0.5 left-1">
                      {rank}
                    </Coordinate>
                  )}
                  {r === 7 && (
                    <Coordinate light={light} corner="right-1 bottom-0">
                      {sq[0]}
                    </Coordinate>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {drag && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2"
          style={{ left: drag.x, top: drag.y, width: drag.size, height: drag.size }}
        >
          <SquarePieces
            pieces={piecesOf(squares.get(drag.square)!).filter(
              (p) => p.color === turn && (!selection?.piece || p.type === selection.piece),
            )}
            dim={null}
          />
        </div>
      )}
      {choice && (
        <Suspense fallback={null}>
          <PieceChoiceDialog
            open
            title="Select Piece to Move"
            description={choiceSquare ? `Which piece on ${choiceSquare.coordinate} moves?` : undefined}
            options={choiceOptions}
            onChoose={onChoose}
            onCancel={() => setChoice(null)}
          />
        </Suspense>
      )}
    </div>
  );
});

/**
 * The pieces of a square: one piece fills it; a box shows two smaller pieces, the strong piece
 * top left and the other bottom right, each on a ring of its owner's colour.
 */
function SquarePieces({ pieces, dim }: { pieces: PieceState[]; dim: TypeName | 'all' | null }) {
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

/** A rank digit or file letter in a corner of a square, in the other square colour. */
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
        light ? 'text-[#b58863]' : 'text-[#f0d9b5]',
      )}
    >
      {children}
    </span>
  );
}
