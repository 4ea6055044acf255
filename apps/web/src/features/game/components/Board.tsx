import type { SquareState } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { memo, useMemo, useRef } from 'react';
import type { BoardMove } from '../lib/model.ts';
import { BoxPieceChoice } from './board/BoxPieceChoice.tsx';
import { squareRows } from './board/geometry.ts';
import { Square, type SquareEvents } from './board/Square.tsx';
import { DraggedPieces } from './board/SquarePieces.tsx';
import { piecesOf } from './board/squares.ts';
import { useDrag } from './board/useDrag.ts';
import { useKeyboard } from './board/useKeyboard.ts';
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
  /** The computer's chosen piece. */
  highlight?: string | null;
  onMove?: MoveHandler;
  label?: string;
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
  const boardRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => squareRows(orientation), [orientation]);
  const interactive = !!onMove && moves.length > 0;
  const state = useSelection(board, moves, turn, onMove);
  const { selection } = state;
  const { drag, onPointerDown, clickSuppressed } = useDrag(state, boardRef, interactive);
  const keyboard = useKeyboard(rows, boardRef, orientation, () => state.setSelection(null));
  const events: SquareEvents = {
    onFocus: keyboard.setFocus,
    onClick: (sq) => {
      if (!clickSuppressed()) state.activate(sq);
    },
    onPointerDown,
    onKeyDown: keyboard.onKeyDown,
  };

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
              const square = state.squares.get(sq);
              if (!square) return null;
              return (
                <Square
                  key={sq}
                  square={square}
                  marks={{
                    selected: selection?.square === sq,
                    target: state.destinations.has(sq),
                    chosen: highlight === sq,
                    check: checkSquare === sq,
                    last: !!lastMove && (lastMove.from === sq || lastMove.to === sq),
                  }}
                  dim={drag?.square === sq ? (selection?.piece ?? 'all') : null}
                  tabbable={keyboard.focus === sq}
                  interactive={interactive}
                  rankLabel={c === 0}
                  fileLabel={r === 7}
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
          turn={turn}
          piece={selection?.piece}
        />
      )}
      {state.choice && (
        <BoxPieceChoice
          choice={state.choice}
          turn={turn}
          movesFrom={state.movesFrom}
          onChoose={state.choose}
          onCancel={state.cancelChoice}
        />
      )}
    </div>
  );
});
