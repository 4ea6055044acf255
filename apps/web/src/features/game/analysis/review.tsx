import type { ServerGameState } from '@sbc/api';
import { isLive, type MoveHistoryEntry } from '@sbc/game';
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

/** The computer analysis of a game once it is over (docs/architecture.md §6); undefined while it is live. */
export function useReview(
  gameId: string,
  state: ServerGameState | null | undefined,
  names: Record<ColorName, string> | null | undefined,
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
  const ply = shownPly ?? moves.length;
  const shown = result?.shown[ply];
  return {
    board: (orientation, board) =>
      result ? (
        <div className="flex gap-2">
          <Suspense fallback={null}>
            <EvalBar evaluation={shown} orientation={orientation} />
          </Suspense>
          <div className="relative min-w-0 flex-1">
            {board}
            <Suspense fallback={null}>
              <BestMoveArrow move={shown?.best} orientation={orientation} />
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
          game={game}
          names={names}
          notations={notations}
          shownPly={ply}
          onShow={setShownPly}
        />
      </Suspense>
    ),
    history,
  };
}
