import { type GameState, isLive, type MoveHistoryEntry } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { componentOf, onDemand } from '../../../lib/on-demand.tsx';
import type { AnalysedGame } from './driver.ts';
import { MARKS } from './judge.ts';
import { useAnalysis } from './useAnalysis.ts';

// The display (graph, bar, arrow) loads once a game is over: the game page does not carry it.
const view = onDemand(() => import('./view.ts'));
const AnalysisPanel = componentOf(view, 'AnalysisPanel');
const EvalBar = componentOf(view, 'EvalBar');
const BestMoveArrow = componentOf(view, 'BestMoveArrow');

const NO_MOVES: MoveHistoryEntry[] = [];

/** What the game screen shows of a finished game's computer analysis. */
export interface Review {
  /** The board with the evaluation bar beside it and the best move's arrow over it. */
  board(orientation: ColorName, board: ReactNode): ReactNode;
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
  gameId: string,
  state: Pick<GameState, 'startSbfen' | 'standard' | 'moveHistory' | 'gameStatus'> | null | undefined,
  names: Record<ColorName, string> | null | undefined,
  shown?: ShownPly,
): Review | undefined {
  const over = !!state && !isLive(state.gameStatus);
  const sbfen = state?.startSbfen ?? '';
  const standard = state?.standard ?? false;
  const moves = state?.moveHistory ?? NO_MOVES;
  const game: AnalysedGame = useMemo(() => ({ sbfen, standard, history: moves }), [sbfen, standard, moves]);
  const analysis = useAnalysis(over ? game : null, `${gameId}:${moves.length}`);
  const [shownPly, setShownPly] = useState<number | null>(null);
  useEffect(() => {
    if (over) void view.load().catch(() => {});
  }, [over]);
  const result = analysis.state.status === 'done' ? analysis.state.analysis : null;
  const history = useMemo(
    () =>
      result
        ? moves.map((m, i) => {
            const j = result.moves[i]?.judgement;
            return j ? { ...m, notation: `${m.notation}${MARKS[j]}` } : m;
          })
        : moves,
    [result, moves],
  );
  const notations = useMemo(() => moves.map((m) => m.notation), [moves]);
  if (!over || !names) return undefined;
  const ply = shown?.ply ?? shownPly ?? moves.length;
  const onShow = shown?.show ?? setShownPly;
  const evaluation = result?.shown[ply];
  return {
    // The bar comes with the request, so that the board makes room for it only once.
    board: (orientation, board) =>
      analysis.state.status === 'running' || result ? (
        <div className="flex gap-2">
          <Suspense fallback={null}>
            <EvalBar evaluation={evaluation} orientation={orientation} />
          </Suspense>
          <div className="relative min-w-0 flex-1">
            {board}
            <Suspense fallback={null}>
              <BestMoveArrow move={evaluation?.best} orientation={orientation} />
            </Suspense>
          </div>
        </div>
      ) : (
        board
      ),
    panel: (
      <Suspense fallback={null}>
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
