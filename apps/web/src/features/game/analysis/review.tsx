import { type GameState, isLive, type MoveHistoryEntry } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { componentOf, onDemand } from '../../../lib/on-demand.tsx';
import type { AnalysedGame, PositionEval } from './driver.ts';
import { useAnalysis } from './useAnalysis.ts';

// The display (graph, bar, arrow) loads with the request: the game page does not carry it.
const view = onDemand(() => import('./view.ts'));
const AnalysisPanel = componentOf(view, 'AnalysisPanel');
const EvalBar = componentOf(view, 'EvalBar');
const BestMoveArrow = componentOf(view, 'BestMoveArrow');

const NO_MOVES: MoveHistoryEntry[] = [];

/** The request for an analysis; without `onRequest`, the analysis is starting. */
function AnalysisRequest({ onRequest }: { onRequest?: () => void }) {
  return (
    <Card title="Computer analysis">
      <div className="space-y-2">
        <Button size="sm" onClick={onRequest} disabled={!onRequest}>
          Request computer analysis
        </Button>
        <p className="text-xs text-slate-500">
          The engine evaluates every position of the game, in the background.
        </p>
      </div>
    </Card>
  );
}

/** What the game screen shows of a finished game's computer analysis. */
export interface Review {
  /** Whether the evaluation bar shows (from the request on). */
  bar: boolean;
  /** The shown position's analysis, once done: the bar's score and the arrow's move. */
  evaluation?: PositionEval;
  panel: ReactNode;
  /** The Move History with each judged move's mark (?!, ?, ??) after its notation. */
  history: readonly MoveHistoryEntry[];
}

/** The position a screen shows, in plies (moves of the history), and how to show another. */
export interface ShownPly {
  ply: number;
  show(ply: number): void;
}

/**
 * The computer analysis of a game once it is over (docs/architecture.md §6); undefined while it is
 * live. `shown` is the screen's shown position; without it the analysis follows its own, the last
 * one until the graph is clicked.
 */
export function useReview(
  state: Pick<GameState, 'startSbfen' | 'standard' | 'moveHistory' | 'gameStatus'> | null | undefined,
  names: Record<ColorName, string> | null | undefined,
  shown?: ShownPly,
): Review | undefined {
  const over = !!state && !isLive(state.gameStatus);
  const sbfen = state?.startSbfen ?? '';
  const standard = state?.standard ?? false;
  const moves = state?.moveHistory ?? NO_MOVES;
  const game: AnalysedGame = useMemo(() => ({ sbfen, standard, history: moves }), [sbfen, standard, moves]);
  // The game's moves name it: another game, or one taken further, is analysed afresh.
  const key = useMemo(() => `${sbfen} ${moves.map((m) => m.texts.join(' ')).join(' ')}`, [sbfen, moves]);
  const analysis = useAnalysis(over ? game : null, key);
  const [shownPly, setShownPly] = useState<number | null>(null);
  const result = analysis.state.status === 'done' ? analysis.state.analysis : null;
  const history = useMemo(
    () =>
      result
        ? moves.map((m, i) => {
            const mark = result.marks[i];
            return mark ? { ...m, notation: `${m.notation}${mark}` } : m;
          })
        : moves,
    [result, moves],
  );
  const notations = useMemo(() => moves.map((m) => m.notation), [moves]);
  if (!over || !names) return undefined;
  const ply = shown?.ply ?? shownPly ?? moves.length;
  const onShow = shown?.show ?? setShownPly;
  return {
    // The bar comes with the request, so that the board makes room for it only once.
    bar: analysis.state.status === 'running' || result !== null,
    evaluation: result?.shown[ply],
    panel:
      analysis.state.status === 'idle' ? (
        <AnalysisRequest onRequest={analysis.start} />
      ) : (
        <Suspense fallback={<AnalysisRequest />}>
          <AnalysisPanel
            analysis={analysis}
            names={names}
            notations={notations}
            shownPly={ply}
            onShow={onShow}
          />
        </Suspense>
      ),
    history,
  };
}

/**
 * The board with the analysis's evaluation bar beside it and the best move's arrow over it. The
 * board keeps its place in the tree with or without them, so that it is never built anew.
 */
export function AnalysedBoard({
  review,
  orientation,
  children,
}: {
  review: Review | undefined;
  orientation: ColorName;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-2">
      {review?.bar && (
        <Suspense fallback={null}>
          <EvalBar evaluation={review.evaluation} orientation={orientation} />
        </Suspense>
      )}
      <div className="relative min-w-0 flex-1">
        {children}
        {review?.evaluation && (
          <Suspense fallback={null}>
            <BestMoveArrow move={review.evaluation.best} orientation={orientation} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
