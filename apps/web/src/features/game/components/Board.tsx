import type { SquareState } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { type CSSProperties, memo, useMemo, useRef } from 'react';
import { THEMES, useBoardSettings } from '../hooks/useBoardSettings.ts';
import type { BoardMove } from '../lib/model.ts';
import { BoxPieceChoice } from './board/BoxPieceChoice.tsx';
import { squareRows } from './board/geometry.ts';
import { premoveMoves } from './board/premoves.ts';
import { Square, type SquareEvents } from './board/Square.tsx';
import { DraggedPieces } from './board/SquarePieces.tsx';
import { piecesOf } from './board/squares.ts';
import { useDrag } from './board/useDrag.ts';
import { useKeyboard } from './board/useKeyboard.ts';
import { usePremove } from './board/usePremove.ts';
import { type MoveHandler, useSelection } from './board/useSelection.ts';
import { PieceSprite } from './PieceSprite.tsx';

export { describeSquare } from './board/squares.ts';

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
  /** The squares of the pieces that give checkmate. */
  checkers?: readonly string[];
  /** The computer's chosen piece. */
  highlight?: string | null;
  onMove?: MoveHandler;
  /** The player who may queue a premove while the other side is to move (computer and online games). */
  premove?: ColorName;
  /** An earlier position is shown: no premove is offered, and the one queued waits for the live one. */
  past?: boolean;
  label?: string;
}

/**
 * The board: rank 8 on top for White, flipped for Black. Click a piece, then a marked square; or
 * drag it. From an own two-piece box the player first chooses the piece ('Select Piece to Move').
 * Keyboard: arrow keys move between squares, Enter or Space acts as a click. While the other side
 * is to move, the `premove` player queues one move the same ways; a click, a right-click or Escape
 * drops it. Colours, pieces and coordinates follow the board settings. It renders again only when
 * its props or the settings change.
 */
export const Board = memo(function Board({
  board,
  orientation,
  turn,
  moves,
  lastMove,
  checkSquare,
  checkers,
  highlight,
  onMove,
  premove,
  past = false,
  label = 'Chess board',
}: BoardProps) {
  const boardRef = useRef<HTMLDivElement>(null);
  const settings = useBoardSettings();
  const rows = useMemo(() => squareRows(orientation), [orientation]);
  const pre = usePremove(moves, turn, premove, onMove, past);
  // While premoving, the board offers the player's premoves as if it were their turn.
  const mover = pre.active && premove ? premove : turn;
  const premoves = useMemo(() => (pre.active ? premoveMoves(board, mover) : []), [pre.active, board, mover]);
  const offered = pre.active ? premoves : moves;
  const interactive = !!onMove && offered.length > 0;
  const state = useSelection(board, offered, mover, pre.active ? pre.queue : onMove);
  const { selection } = state;
  const { drag, onPointerDown, clickSuppressed } = useDrag(state, boardRef, interactive);
  const drop = () => {
    state.setSelection(null);
    pre.cancel();
  };
  const keyboard = useKeyboard(rows, boardRef, orientation, drop);
  const latest = useRef<SquareEvents | null>(null);
  latest.current = {
    onFocus: keyboard.onFocus,
    onClick: (sq) => {
      if (clickSuppressed()) return;
      if (pre.queued) {
        pre.cancel();
        if (state.ownTypes(sq).length === 0) return;
      }
      state.activate(sq);
    },
    onPointerDown,
    onKeyDown: keyboard.onKeyDown,
  };
  // One object for every render, calling this render's handlers: a square that shows the same
  // need not render again for new handlers.
  const events = useMemo<SquareEvents>(
    () => ({
      onFocus: (e, sq) => latest.current?.onFocus(e, sq),
      onClick: (sq) => latest.current?.onClick(sq),
      onPointerDown: (e, sq) => latest.current?.onPointerDown(e, sq),
      onKeyDown: (e, sq) => latest.current?.onKeyDown(e, sq),
    }),
    [],
  );
  const { light, dark, mark } = THEMES[settings.theme];
  const colours = { '--square-light': light, '--square-dark': dark, '--square-mark': mark } as CSSProperties;

  return (
    <div className="relative w-full select-none" style={colours}>
      <PieceSprite set={settings.pieces} />
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA grid pattern (a 2D widget with roving focus), not a data table. */}
      <div
        ref={boardRef}
        role="grid"
        aria-label={label}
        onContextMenu={(e) => {
          if (!pre.queued && !selection) return;
          e.preventDefault();
          drop();
        }}
        className="grid aspect-square w-full touch-none grid-rows-8 overflow-hidden rounded-md shadow-lg ring-1 ring-slate-900/20"
      >
        {rows.map((row, r) => (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a row of the grid; its buttons take the focus.
          <div role="row" key={row[0]} className="grid grid-cols-8">
            {row.map((sq, c) => {
              const square = state.squares.get(sq);
              if (!square) return null;
              return (
                <Square
                  key={sq}
                  square={square}
                  marks={{
                    selected: selection?.square === sq,
                    target: state.destinations.has(sq) ? (pre.active ? 'premove' : 'move') : null,
                    queued: !!pre.queued && (pre.queued.from === sq || pre.queued.to === sq),
                    chosen: highlight === sq,
                    check: checkSquare === sq,
                    checker: !!checkers?.includes(sq),
                    last: !!lastMove && (lastMove.from === sq || lastMove.to === sq),
                  }}
                  dim={drag?.square === sq ? (selection?.piece ?? 'all') : null}
                  tabbable={keyboard.focus === sq}
                  interactive={interactive}
                  rankLabel={settings.coordinates && c === 0}
                  fileLabel={settings.coordinates && r === 7}
                  events={events}
                />
              );
            })}
          </div>
        ))}
      </div>
      {drag && (
        <DraggedPieces
          drag={drag}
          pieces={piecesOf(state.squares.get(drag.square)!)}
          turn={mover}
          piece={selection?.piece}
        />
      )}
      {state.choice && (
        <BoxPieceChoice
          choice={state.choice}
          turn={mover}
          movesFrom={state.movesFrom}
          onChoose={state.choose}
          onCancel={state.cancelChoice}
        />
      )}
    </div>
  );
});
