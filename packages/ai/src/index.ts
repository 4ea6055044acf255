/** @sbc/ai: the computer opponent of Shared Box Chess. */
export { type AnalysisLimits, analysePosition, lineNotation, type PositionAnalysis } from './analysis.ts';
export { BOOK_LINES, BOOK_PLIES, bookMove } from './book.ts';
export { acceptsDraw, DRAW_ACCEPT_MAX_CP, DRAW_OFFER_LIMITS } from './draw.ts';
export {
  Engine,
  FULL_STRENGTH,
  type MoveSource,
  type ThinkLimits,
  type ThinkRequest,
  type ThinkResult,
} from './engine.ts';
export { type EvalConfig, type EvalKind, evaluate, gamePhase, type Phase } from './evaluate.ts';
export { LEVELS, type LevelSettings, type Style, scaledThinkTime } from './levels.ts';
export { Line } from './line.ts';
export { VALUE } from './pst.ts';
export { seededRandom } from './random.ts';
export {
  isMateScore,
  MATE,
  type RootScore,
  Searcher,
  type SearchInfo,
  type SearchLimits,
  type SearchResult,
} from './search.ts';
export { INSTANT_BELOW_MS, type MoveClock, moveTimeCap } from './time.ts';
export { EngineClient, type RunningSearch, type SearchRequest, type WorkerPort } from './worker/client.ts';
export type { EngineAnswer, EngineRequest, EngineResponse, Progress } from './worker/protocol.ts';
