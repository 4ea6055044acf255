import { memo } from 'react';
import type { GameAnalysis } from './driver.ts';
import { formatScore, type Judgement, winChance } from './judge.ts';
import { plyName } from './line.ts';

const W = 600;
const H = 120;
/** Room above and below the curve for the dots of judged moves. */
const PAD = 5;
/** Lichess's colours of the judgements. */
export const JUDGEMENT_COLOURS: Record<Judgement, string> = {
  inaccuracy: '#56b4e9',
  mistake: '#e69f00',
  blunder: '#df5353',
};

/**
 * The evaluation over the game, as White's winning chance: White's share of the graph is light.
 * Judged moves are dots in their colour; a click on a move's column shows its position.
 */
export const EvalGraph = memo(function EvalGraph({
  analysis,
  notations,
  shownPly,
  onShow,
}: {
  analysis: GameAnalysis;
  notations: readonly string[];
  shownPly: number;
  onShow: (ply: number) => void;
}) {
  const { shown, moves } = analysis;
  const blackFirst = moves[0]?.player === 'black';
  const step = W / Math.max(1, shown.length - 1);
  const x = (p: number) => p * step;
  const y = (p: number) => H - PAD - (winChance(shown[p].score) / 100) * (H - 2 * PAD);
  // The shown ply's line, kept inside the frame at either end.
  const cursor = Math.min(W - 1, Math.max(1, x(shownPly)));
  const line = shown.map((_, p) => `${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-28 w-full rounded bg-slate-600" aria-label="Evaluation graph">
      <polygon points={`0,${H} ${line} ${W},${H}`} fill="#f8fafc" />
      <line x1={0} x2={W} y1={H / 2} y2={H / 2} stroke="#94a3b8" strokeDasharray="4 4" />
      <polyline points={line} fill="none" stroke="#d97706" strokeWidth={1.5} />
      <line x1={cursor} x2={cursor} y1={0} y2={H} stroke="#d97706" strokeWidth={2} />
      {moves.map((m, i) =>
        m.judgement ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the moves of a finished game never change order.
          <circle key={i} cx={x(i + 1)} cy={y(i + 1)} r={4} fill={JUDGEMENT_COLOURS[m.judgement]} />
        ) : null,
      )}
      {shown.map((e, p) => (
        // biome-ignore lint/a11y/useSemanticElements: a column of the chart; SVG has no button element.
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: the plies of a finished game never change order.
          key={p}
          role="button"
          tabIndex={-1}
          aria-label={`${plyName(p, notations, blackFirst)}: ${formatScore(e.score)}`}
          x={Math.max(0, x(p) - step / 2)}
          y={0}
          width={Math.min(W, x(p) + step / 2) - Math.max(0, x(p) - step / 2)}
          height={H}
          fill="transparent"
          className="cursor-pointer outline-none hover:fill-amber-500/20"
          onClick={() => onShow(p)}
        >
          <title>{`${plyName(p, notations, blackFirst)}: ${formatScore(e.score)}`}</title>
        </rect>
      ))}
    </svg>
  );
});
