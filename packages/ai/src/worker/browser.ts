/**
 * Browser home of the engine: `createBrowserEngine` starts `browser-worker.ts` as a module Web
 * Worker, where the search runs, so the page never freezes while the computer thinks. This file
 * is the page's side only: it does not import the engine, whose tables would otherwise be built
 * on the page's main thread too.
 */
import { EngineClient } from './client.ts';
import type { EngineResponse } from './protocol.ts';

/** The parts of the DOM's Worker used here (the package builds without the DOM lib). */
interface BrowserWorker {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
  terminate(): void;
}
// The page's Worker, written literally below so that bundlers (Vite) find and bundle the worker.
declare const Worker: new (url: URL, options: { type: 'module' }) => BrowserWorker;

export function createBrowserEngine(): EngineClient {
  return new EngineClient(() => {
    const worker = new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module' });
    return {
      post: (request) => worker.postMessage(request),
      listen: (handler, fail) => {
        worker.addEventListener('message', (e) => handler(e.data as EngineResponse));
        worker.addEventListener('error', (e) =>
          fail(String((e as { message?: unknown }).message ?? 'worker error')),
        );
      },
      terminate: () => worker.terminate(),
    };
  });
}
