import type { EngineAnswer, ThinkLimits } from '@sbc/ai';
import type { createBrowserEngine } from '@sbc/ai/browser';
import { DRAW_OFFER_LIMITS } from '@sbc/ai/draw';
import type { Game, Level } from '@sbc/game';
import { legalMoves, moveText } from '@sbc/rules';
import { whenIdle } from '../../../lib/idle.ts';

/** A game for the engine: its start and the move texts played since. */
interface GameLine {
  sbfen: string;
  moves: string[];
  standard: boolean;
}

/** A search under way: its answer, and the way to stop it. */
export interface Search<T> {
  answer: Promise<T>;
  cancel: () => void;
}

/** What the game screen needs of the engine: one search at a time, off the main thread. */
export interface ComputerPlayer {
  /**
   * `onBest` hears the best move so far (move text) after each finished iteration of the search;
   * `limits` caps its time on the clock (`maxTimeMs`).
   */
  bestMove(
    request: GameLine & { level: Level; limits?: ThinkLimits },
    onBest?: (text: string) => void,
  ): Search<string>;
  /**
   * The score of the position for the side to move (centipawns), by the short fixed search that
   * answers a draw offer (@sbc/ai/draw, docs/engine.md).
   */
  drawScore(request: GameLine): Search<number>;
  /** Gets ready in the background, so that the first search does not wait for it. */
  prepare?(): void;
}

type EngineClient = ReturnType<typeof createBrowserEngine>;

/**
 * localStorage key of an optional seed for the computer's random choices (docs/engine.md): the
 * end-to-end tests set it so that the computer's replies are the same on every run.
 */
export const ENGINE_SEED_KEY = 'sbc:engine-seed';

function engineSeed(): number | undefined {
  try {
    const seed = Number(localStorage.getItem(ENGINE_SEED_KEY) || NaN);
    return Number.isInteger(seed) ? seed : undefined;
  } catch {
    return undefined; // no storage (private mode): random
  }
}

let engine: Promise<EngineClient> | null = null;

/** The engine's Web Worker, started on first use (its code is loaded only for computer games). */
function worker(): Promise<EngineClient> {
  engine ??= import('@sbc/ai/browser').then((m) => m.createBrowserEngine());
  return engine;
}

/** Runs one search in the worker; `cancel` before the worker has loaded stops it from starting. */
function run<T>(
  request: Parameters<EngineClient['search']>[0],
  read: (answer: EngineAnswer) => T,
  onProgress?: Parameters<EngineClient['search']>[1],
): Search<T> {
  let cancelSearch = () => {};
  let cancelled = false;
  const answer = worker().then((client) => {
    if (cancelled) throw new Error('cancelled');
    const search = client.search(request, onProgress);
    cancelSearch = search.cancel;
    return search.answer.then(read);
  });
  return {
    answer,
    cancel: () => {
      cancelled = true;
      cancelSearch();
    },
  };
}

export const workerComputer: ComputerPlayer = {
  bestMove: (request, onBest) =>
    run({ ...request, seed: engineSeed() }, (a) => a.text, onBest && ((p) => p.pv[0] && onBest(p.pv[0]))),
  drawScore: (request) => run({ ...request, book: false, limits: DRAW_OFFER_LIMITS }, (a) => a.score),
  prepare() {
    // When the browser is idle: loading the engine then delays nothing the page does.
    whenIdle(() => void worker());
  },
};

/** A legal move at random: the fallback when the engine cannot answer. */
export function randomMove(game: Game): string | null {
  const all = legalMoves(game.position);
  if (all.length === 0) return null;
  return moveText(game.position, all[Math.floor(Math.random() * all.length)]);
}
