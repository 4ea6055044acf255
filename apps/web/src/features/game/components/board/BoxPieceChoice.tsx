import type { ColorName, TypeName } from '@sbc/rules';
import { lazy, Suspense } from 'react';
import type { BoardMove } from '../../lib/model.ts';
import type { BoxChoice } from './useSelection.ts';

// Radix's dialog loads when a player first picks up a piece of an own box (a board that only shows never does).
const PieceChoiceDialog = lazy(() =>
  import('../PieceChoiceDialog.tsx').then((m) => ({ default: m.PieceChoiceDialog })),
);

/** 'Select Piece to Move': which piece of an own box moves; a piece without a legal move is offered disabled. */
export function BoxPieceChoice({
  choice,
  turn,
  movesFrom,
  onChoose,
  onCancel,
}: {
  choice: BoxChoice;
  turn: ColorName;
  movesFrom: (square: string, piece: TypeName) => readonly BoardMove[];
  onChoose: (type: TypeName) => void;
  onCancel: () => void;
}) {
  const options = choice.types.map((type) => {
    const stuck = movesFrom(choice.square, type).length === 0;
    return { type, color: turn, disabled: stuck, note: stuck ? 'No legal moves' : undefined };
  });
  return (
    <Suspense fallback={null}>
      <PieceChoiceDialog
        open
        title="Select Piece to Move"
        description={`Which piece on ${choice.square} moves?`}
        options={options}
        onChoose={onChoose}
        onCancel={onCancel}
      />
    </Suspense>
  );
}
