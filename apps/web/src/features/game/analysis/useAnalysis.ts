import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { AnalysedGame, GameAnalysis } from './driver.ts';

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; analysis: GameAnalysis }
  | { status: 'failed'; message: string };

/** Positions analysed so far, out of all. */
export interface Progress {
  done: number;
  total: number;
}

/**
 * The running analysis's progress, read by the progress bar alone (useSyncExternalStore): a
 * position done renders the bar, not the game screen around it.
 */
export class ProgressStore {
  private value: Progress = { done: 0, total: 1 };
  private readonly listeners = new Set<() => void>();
  readonly get = (): Progress => this.value;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(value: Progress): void {
    this.value = value;
    for (const l of this.listeners) l();
  }
}

export interface Analysis {
  state: AnalysisState;
  progress: ProgressStore;
  start(): void;
  cancel(): void;
}

/**
 * Computer analysis of a finished game on request. Its code (driver, engine client) loads only
 * when asked for, so the game page does not carry it; a new game (another `key`) starts afresh.
 */
export function useAnalysis(game: AnalysedGame | null, key: string): Analysis {
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
  const [progress] = useState(() => new ProgressStore());
  const running = useRef<{ cancel(): void } | null>(null);
  const cancel = useCallback(() => {
    running.current?.cancel();
    running.current = null;
    setState({ status: 'idle' });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the game; a new one starts afresh.
  useEffect(() => cancel, [key, cancel]);
  const start = useCallback(() => {
    if (!game || running.current) return;
    progress.set({ done: 0, total: game.history.reduce((n, m) => n + m.texts.length, 1) });
    setState({ status: 'running' });
    const token = { cancel: () => {} };
    running.current = token;
    const current = () => running.current === token;
    void Promise.all([import('./driver.ts'), import('./engine.ts')])
      .then(([driver, { workerAnalysis }]) => {
        if (!current()) return;
        const run = driver.analyseGame(game, workerAnalysis, (done, total) => {
          if (current()) progress.set({ done, total });
        });
        token.cancel = run.cancel;
        return run.result.then((analysis) => {
          // The graph, the marks and the bar render in slices (a transition), not in one long task.
          if (current()) startTransition(() => setState({ status: 'done', analysis }));
        });
      })
      .catch((e: unknown) => {
        if (!current() || (e instanceof Error && e.name === 'CancelledError')) return;
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      })
      .finally(() => {
        if (current()) running.current = null;
      });
  }, [game, progress]);
  return { state, progress, start, cancel };
}
