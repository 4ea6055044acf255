import { defenderChoice, type Level } from '@sbc/game';
import { generateLegal, isCapture, MAX_MOVES, type Move, moveText } from '@sbc/rules';
import { bookMove } from './book.ts';
import { type EvalConfig, gamePlies } from './evaluate.ts';
import { LEVELS, type Style, scaledThinkTime } from './levels.ts';
import type { Line } from './line.ts';
import { moveRandom } from './random.ts';
import { type RootScore, Searcher, type SearchInfo } from './search.ts';

/** Limits a caller sets on one move (UCI `go`); with a level they replace only its time. */
export interface ThinkLimits {
  timeMs?: number;
  /** Soft time: no new iteration after it (clock-based play). */
  softTimeMs?: number;
  depth?: number;
  nodes?: number;
  /**
   * A cap on the time, however it was set (a clock's, `moveTimeCap`): a level keeps its depth and
   * node caps and only its time shrinks; 0 leaves the search's first iteration only.
   */
  maxTimeMs?: number;
  /** Think until stopped (UCI `go infinite`): the level's time does not apply either. */
  infinite?: boolean;
}

export interface ThinkRequest {
  /** Unset: full strength, advanced evaluation, bounded only by `limits`. */
  level?: Level;
  limits?: ThinkLimits;
  /** Opening book; on by default when a level is set. */
  book?: boolean;
  /**
   * Seed of the book choice, randomness and blunders (Math.random when absent): the same seed and
   * the same game give the same choices.
   */
  seed?: number;
  stop?: Int32Array;
  onProgress?: (info: SearchInfo) => void;
}

export type MoveSource = 'book' | 'defender' | 'search';

export interface ThinkResult {
  /** 0 when the side to move has no legal decision. */
  move: Move;
  /** Move text of `move` (docs/rules.md, appendix "SBFEN and move text"), '' when there is none. */
  text: string;
  source: MoveSource;
  score: number;
  depth: number;
  nodes: number;
  timeMs: number;
  pv: Move[];
}

/** The full-strength evaluation: hard's. */
export const FULL_STRENGTH: EvalConfig = { kind: 'advanced', boxBonus: LEVELS.hard.boxBonus };

/** How much a style likes a root move that captures or gives check, in centipawns. */
const STYLE_PUSH: Record<Style, number> = { aggressive: 20, tactical: 10, positional: 0 };

/**
 * The computer player: defender choices by docs/rules.md §5, the book, then the search shaped by the
 * level. Keeps one searcher (and its transposition table) across moves.
 */
export class Engine {
  readonly searcher: Searcher;

  constructor(ttBits = 20) {
    this.searcher = new Searcher(ttBits);
  }

  newGame(): void {
    this.searcher.clear();
  }

  think(line: Line, request: ThinkRequest = {}): ThinkResult {
    const pos = line.pos;
    const started = performance.now();
    const done = (move: Move, source: MoveSource): ThinkResult => ({
      move,
      text: move ? moveText(pos, move) : '',
      source,
      score: 0,
      depth: 0,
      nodes: 0,
      timeMs: performance.now() - started,
      pv: move ? [move] : [],
    });
    if (pos.pendingSquare >= 0) return done(defenderChoice(pos), 'defender');
    const random = moveRandom(request.seed, gamePlies(pos));
    const level = request.level ? LEVELS[request.level] : undefined;
    if (request.book ?? level !== undefined) {
      const m = bookMove(pos, random);
      if (m) return done(m, 'book');
    }

    const limits = request.limits ?? {};
    const legal = new Int32Array(MAX_MOVES);
    const n = generateLegal(pos, legal);
    let timeMs = limits.timeMs;
    let depth = limits.depth;
    let nodes = limits.nodes;
    if (level && request.level) {
      if (timeMs === undefined && depth === undefined && nodes === undefined && !limits.infinite)
        timeMs = scaledThinkTime(request.level, pos.boxes, n);
      if (level.capped) {
        depth = Math.min(depth ?? level.depth, level.depth);
        nodes = Math.min(nodes ?? level.nodeCap, level.nodeCap);
      }
    }
    if (limits.maxTimeMs !== undefined) timeMs = Math.min(timeMs ?? Infinity, limits.maxTimeMs);
    const chooses = level !== undefined && (level.randomness > 0 || level.blunderChance > 0);
    const result = this.searcher.search(
      pos,
      line.keys,
      level ? { kind: level.evaluation, boxBonus: level.boxBonus } : FULL_STRENGTH,
      {
        timeMs,
        softTimeMs: limits.softTimeMs,
        depth,
        nodes,
        stop: request.stop,
        exactRoot: chooses,
        onProgress: request.onProgress,
      },
    );
    let move = result.move;
    if (level && chooses && result.rootScores.length > 1) {
      move = pick(
        line,
        result.rootScores,
        level.randomness,
        level.blunderChance,
        STYLE_PUSH[level.style],
        random,
      );
    }
    return {
      move,
      text: move ? moveText(pos, move) : '',
      source: 'search',
      score: result.score,
      depth: result.depth,
      nodes: result.nodes,
      timeMs: performance.now() - started,
      pv: move === result.move ? result.pv : [move],
    };
  }
}

/**
 * The levels' human touch on exactly scored root moves. With `blunderChance` a random move from
 * the weaker half is played; otherwise a random one among those within `randomness * 100`
 * centipawns of the best, after the style's push for captures and checks.
 */
function pick(
  line: Line,
  scored: readonly RootScore[],
  randomness: number,
  blunderChance: number,
  stylePush: number,
  random: () => number,
): Move {
  const pos = line.pos;
  const ranked = scored.map(({ move, score }) => {
    let s = score;
    if (stylePush && Math.abs(score) < 20000) {
      pos.play(move);
      const check = pos.pendingSquare < 0 && pos.inCheck();
      pos.undo();
      if (check || isCapture(move)) s += stylePush;
    }
    return { move, score: s };
  });
  ranked.sort((x, y) => y.score - x.score);
  if (random() < blunderChance) {
    const from = 1;
    const to = Math.max(from + 1, Math.ceil(ranked.length / 2));
    return ranked[from + Math.floor(random() * (to - from))].move;
  }
  const near = ranked.filter((r) => r.score >= ranked[0].score - randomness * 100);
  return near[Math.floor(random() * near.length)].move;
}
