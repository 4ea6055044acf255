import type { ColorName } from '@sbc/rules';
import { useMemo, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EvalGraph, JUDGEMENT_COLOURS } from './EvalGraph.tsx';
import { type Counts, countJudgements, formatScore, type Judgement } from './judge.ts';
import { numberedLine, plyName } from './line.ts';
import type { Analysis } from './useAnalysis.ts';

const PLURALS: Record<Judgement, string> = {
  inaccuracy: 'inaccuracies',
  mistake: 'mistakes',
  blunder: 'blunders',
};

/** "3 inaccuracies, 1 mistake, 1 blunder", as lichess writes a player's count. */
export function countsText(counts: Counts): string {
  return (Object.keys(PLURALS) as Judgement[])
    .map((j) => `${counts[j]} ${counts[j] === 1 ? j : PLURALS[j]}`)
    .join(', ');
}

/** The running analysis: its progress bar and Cancel. */
function AnalysisProgress({ analysis }: { analysis: Analysis }) {
  const { done, total } = useSyncExternalStore(analysis.progress.subscribe, analysis.progress.get);
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded bg-slate-200"
      >
        <div
          className="h-full bg-amber-500 transition-[width]"
          style={{ width: `${(100 * done) / total}%` }}
        />
      </div>
      <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          Analysing... {done} / {total} positions
        </span>
        <Button size="sm" variant="outline" onClick={analysis.cancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * Computer analysis of a finished game (docs/engine.md §10), once requested: its progress and Cancel,
 * then the evaluation graph, each player's count of inaccuracies, mistakes and blunders, and the
 * engine's best line in the shown position.
 */
export function AnalysisPanel({
  analysis,
  names,
  notations,
  shownPly,
  onShow,
}: {
  analysis: Analysis;
  names: Record<ColorName, string>;
  /** The Move History's notation of each move. */
  notations: readonly string[];
  shownPly: number;
  onShow: (ply: number) => void;
}) {
  const { state } = analysis;
  const result = state.status === 'done' ? state.analysis : null;
  const shown = result?.shown[shownPly];
  const blackFirst = result?.moves[0]?.player === 'black';
  const line = shown ? numberedLine(shownPly, shown.line, blackFirst) : '';
  const counts = useMemo(() => result && countJudgements(result.moves), [result]);
  return (
    <Card title="Computer analysis">
      {state.status === 'running' && <AnalysisProgress analysis={analysis} />}
      {state.status === 'failed' && (
        <div className="space-y-2">
          <p className="text-sm text-red-600">The analysis failed: {state.message}</p>
          <Button size="sm" variant="outline" onClick={analysis.start}>
            Try again
          </Button>
        </div>
      )}
      {result && counts && (
        <div className="space-y-3">
          <EvalGraph analysis={result} notations={notations} shownPly={shownPly} onShow={onShow} />
          <ul className="space-y-1 text-sm">
            {(['white', 'black'] as const).map((c) => (
              <li key={c}>
                <span className="font-medium">{names[c]}</span>: {countsText(counts[c])}
              </li>
            ))}
          </ul>
          <p className="flex gap-3 text-xs">
            {(Object.keys(JUDGEMENT_COLOURS) as Judgement[]).map((j) => (
              <span key={j} className="flex items-center gap-1">
                <span className="h-2 w-2 rounded-full" style={{ background: JUDGEMENT_COLOURS[j] }} />
                {j}
              </span>
            ))}
          </p>
          {shown && (
            <div className="text-sm" aria-live="polite">
              <p className="text-slate-600">
                {plyName(shownPly, notations, blackFirst)}:{' '}
                <span className="font-mono font-semibold">{formatScore(shown.score)}</span>
              </p>
              {line && (
                <p className="font-mono text-slate-900">
                  <span className="font-sans text-slate-600">Best line: </span>
                  {line}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
