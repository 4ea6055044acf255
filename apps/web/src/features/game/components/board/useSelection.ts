import type { SquareState } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import { useEffect, useMemo, useState } from 'react';
import type { BoardMove } from '../../lib/model.ts';
import { ownTypes } from './squares.ts';

/** A move the board plays; `promotion` only for a premove, whose pawn promotes to a queen (usePremove). */
export type MoveHandler = (move: { from: string; to: string; piece: TypeName; promotion?: TypeName }) => void;

export interface Selection {
  square: string;
  /** Which piece of the square moves; undefined while a box's piece is not chosen yet (drag). */
  piece?: TypeName;
}

/** An open 'Select Piece to Move' question: which piece of the own box on `square` moves (to `to`). */
export interface BoxChoice {
  square: string;
  to?: string;
  types: TypeName[];
}

/**
 * The board's state: the selected piece, its destinations and the open box question, with the
 * actions that clicks, drags and keys share. A new position clears it.
 */
export function useSelection(
  board: SquareState[][],
  moves: readonly BoardMove[],
  turn: ColorName,
  onMove?: MoveHandler,
) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [choice, setChoice] = useState<BoxChoice | null>(null);

  const squares = useMemo(() => {
    const map = new Map<string, SquareState>();
    for (const row of board) for (const s of row) map.set(s.coordinate, s);
    return map;
  }, [board]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new position only.
  useEffect(() => {
    setSelection(null);
    setChoice(null);
  }, [board, moves]);

  const movesFrom = (square: string, piece?: TypeName) =>
    moves.filter((m) => m.from === square && (piece === undefined || m.piece === piece));
  const destinations = new Set(
    selection ? movesFrom(selection.square, selection.piece).map((m) => m.to) : [],
  );
  const own = (square: string) => ownTypes(squares.get(square), turn);

  const play = (from: string, to: string, piece: TypeName) => {
    setSelection(null);
    onMove?.({ from, to, piece });
  };

  /** A move from `from` to `to`; asks which piece when both of a box could go. False when none can. */
  const tryMove = (from: string, to: string, piece?: TypeName): boolean => {
    const candidates = movesFrom(from, piece).filter((m) => m.to === to);
    const types = [...new Set(candidates.map((m) => m.piece))];
    if (types.length === 0) return false;
    if (types.length === 1) play(from, to, types[0]);
    else setChoice({ square: from, to, types });
    return true;
  };

  const select = (square: string) => {
    const types = own(square);
    if (types.length === 0 || moves.length === 0) {
      setSelection(null);
      return;
    }
    if (types.length > 1) setChoice({ square, types });
    else setSelection({ square, piece: types[0] });
  };

  /** A click (or Enter): move to a marked square, drop the selection, or select another piece. */
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

  /** The answer to the box question: the move it was asked for, or the chosen piece selected. */
  const choose = (type: TypeName) => {
    const c = choice;
    setChoice(null);
    if (!c) return;
    if (c.to) play(c.square, c.to, type);
    else setSelection({ square: c.square, piece: type });
  };

  return {
    squares,
    selection,
    setSelection,
    destinations,
    movesFrom,
    ownTypes: own,
    tryMove,
    activate,
    choice,
    choose,
    cancelChoice: () => setChoice(null),
  };
}

export type BoardState = ReturnType<typeof useSelection>;
