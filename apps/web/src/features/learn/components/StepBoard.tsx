import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Board, PieceChoiceDialog, PROMOTIONS } from '../../game/index.ts';
import { useStep } from '../hooks/useStep.ts';
import type { Step } from '../lib/course.ts';

/**
 * A step: the board beside the task, the hint, and what the player's decision earned: 'Not quite'
 * with Try again, or the explanation with `onward` (Next, or the end of the lesson).
 */
export function StepBoard({
  step,
  onSolved,
  onward,
}: {
  step: Step;
  onSolved: () => void;
  onward: ReactNode;
}) {
  const play = useStep(step);
  const [player] = useState(play.state.currentPlayer);
  const [hint, setHint] = useState(false);
  const { state, outcome } = play;
  const pending = state.pendingDefenderChoice;
  const inCheck = state.gameStatus === 'check' || state.gameStatus === 'checkmate';

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step is solved.
  useEffect(() => {
    if (outcome === 'solved') onSolved();
  }, [outcome]);

  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,28rem)_1fr]">
      <Board
        board={state.board}
        orientation={player}
        turn={state.currentPlayer}
        moves={play.moves}
        lastMove={state.lastMove}
        checkSquare={inCheck ? state.kingPositions[state.currentPlayer] : null}
        onMove={play.move}
      />
      <section aria-label="Task" className="space-y-4">
        <p className="text-lg font-semibold text-slate-900">{step.task}</p>
        {outcome === 'playing' && (
          <div>
            <Button variant="outline" size="sm" onClick={() => setHint(true)} disabled={hint}>
              Hint
            </Button>
            {hint && <p className="mt-2 text-sm text-slate-700">{step.hint}</p>}
          </div>
        )}
        {outcome === 'wrong' && (
          <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="text-slate-800">Not quite — {step.wrong}</p>
            <Button size="sm" onClick={play.retry}>
              Try again
            </Button>
          </div>
        )}
        {outcome === 'solved' && (
          <div role="status" className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3">
            <p className="font-semibold text-emerald-800">Well done!</p>
            <p className="text-slate-800">{step.explanation}</p>
            {onward}
          </div>
        )}
      </section>
      <PieceChoiceDialog
        open={state.pendingPromotion !== null}
        title="Choose Promotion Piece"
        options={PROMOTIONS.map((type) => ({ type, color: player }))}
        onChoose={play.promote}
        onCancel={play.retry}
      />
      <PieceChoiceDialog
        open={outcome === 'playing' && pending !== null}
        title="Your shared box is under attack!"
        description={pending ? `Choose which piece on ${pending.coordinate} to sacrifice.` : undefined}
        options={[...new Set(pending?.defendingSharedBox.options ?? [])].map((type) => ({
          type,
          color: pending?.defender ?? player,
        }))}
        onChoose={play.choose}
      />
    </div>
  );
}
