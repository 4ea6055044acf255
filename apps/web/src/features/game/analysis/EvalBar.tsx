import type { ColorName } from '@sbc/rules';
import type { PositionEval } from './driver.ts';
import { formatScore, winChance } from './judge.ts';

/** White's winning chance in the shown position as a bar beside the board, White's side light. */
export function EvalBar({ evaluation, orientation }: { evaluation?: PositionEval; orientation: ColorName }) {
  const white = evaluation ? winChance(evaluation.score) : 50;
  const text = evaluation ? formatScore(evaluation.score) : '';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be drawn as the two-coloured bar players know.
    <div
      role="meter"
      aria-label="Evaluation"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(white)}
      aria-valuetext={text}
      className={`relative flex w-7 shrink-0 overflow-hidden rounded bg-slate-700 ring-1 ring-slate-300 ${orientation === 'white' ? 'flex-col-reverse' : 'flex-col'}`}
    >
      <div className="bg-slate-50 transition-[height] duration-300" style={{ height: `${white}%` }} />
      <span
        className={`absolute inset-x-0 text-center text-[9px] font-semibold ${white >= 50 === (orientation === 'white') ? 'bottom-1 text-slate-800' : 'top-1 text-slate-100'}`}
      >
        {text}
      </span>
    </div>
  );
}
