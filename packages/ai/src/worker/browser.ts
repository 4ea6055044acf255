/**
 * Browser home of the engine worker. `createBrowserEngine` starts this very file as a module Web
 * Worker; inside the worker, the bottom of the file answers requests. The search runs there, so
 * the page never freezes while the computer thinks.
 */
import { EngineClient } from './client.ts';
import { createEngineHost } from './host.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** The parts of the DOM's Worker and worker scope used here (the package builds without the DOM lib). */
interface BrowserWorker {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
  terminate(): void;
}
// The page's Worker, written literally below so that bundlers (Vite) find and bundle the worker.
declare const Worker: new (url: URL, options: { type: 'module' }) => BrowserWorker;

export function createBrowserEngine(): EngineClient {
  return new EngineClient(() => {
    const worker = new Worker(new URL('./browser.ts', import.meta.url), { type: 'module' });
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

const scope = globalThis as unknown as Partial<BrowserWorker> & { WorkerGlobalScope?: unknown };
if (scope.WorkerGlobalScope !== undefined && scope.postMessage && scope.addEventListener) {
  const post = scope.postMessage.bind(scope);
  const host = createEngineHost((response) => post(response));
  scope.addEventListener('message', (e) => host(e.data as EngineRequest));
}
