import { createBrowserEngine } from '@sbc/ai/browser';
import type { PositionEngine } from './driver.ts';

let client: ReturnType<typeof createBrowserEngine> | null = null;

/**
 * The analysis engine: a Web Worker of its own (docs/architecture.md), started on the first
 * analysis and kept for the next, so that no analysis ever waits for a computer opponent's move.
 */
export const workerAnalysis: PositionEngine = {
  analyse({ timeMs, ...position }) {
    client ??= createBrowserEngine();
    const search = client.search({ ...position, analyse: true, limits: { timeMs } });
    return { answer: search.answer, cancel: search.cancel };
  },
};
