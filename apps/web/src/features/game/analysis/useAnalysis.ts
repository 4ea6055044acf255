import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnalysedGame, GameAnalysis } from './driver.ts';

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; analysis: GameAnalysis }
  | { status: 'failed'; message: string };

export interface Analysis {
  state: AnalysisState;
  start(): void;
  cancel(): void;
}

/**
 * Computer analysis of a finished game on request. Its code (driver, engine client) loads only
 * when asked for, so the game page does not carry it; a new game (another `key`) starts afresh.
 */
export function useAnalysis(game: AnalysedGame | null, key: string): Analysis {
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
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
    const total = game.history.reduce((n, m) => n + m.texts.length, 1);
    setState({ status: 'running', done: 0, total });
    const token = { cancel: () => {} };
    running.current = token;
    const current = () => running.current === token;
    void Promise.all([import('./driver.ts'), import('./engine.ts')])
      .then(([driver, { workerAnalysis }]) => {
        if (!current()) return;
        const run = driver.analyseGame(game, workerAnalysis, (done) => {
          if (current()) setState({ status: 'running', done, total });
        });
        token.cancel = run.cancel;
        return run.result.then((analysis) => {
          if (current()) setState({ status: 'done', analysis });
        });
      })
      .catch((e: unknown) => {
        if (!current() || (e instanceof Error && e.name === 'CancelledError')) return;
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      })
      .finally(() => {
        if (current()) running.current = null;
      });
  }, [game]);
  return { state, start, cancel };
}
