/** The analysis display, loaded on demand once a game is over (docs/architecture.md). */
export { AnalysisPanel } from './AnalysisPanel.tsx';
export { BestMoveArrow } from './BestMoveArrow.tsx';
export { EvalBar } from './EvalBar.tsx';
