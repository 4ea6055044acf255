/** Node home of the engine worker: the worker_threads entry, and the client that starts it. */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { EngineClient, type WorkerPort } from './client.ts';
import { createEngineHost } from './host.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** Starts a worker thread running the TypeScript module `entry`, with `data` beside it. */
export function startWorker(entry: URL, data: Record<string, unknown> = {}): Worker {
  return new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { ...data, entry: entry.href } });
}

export function createNodeEngine(): EngineClient {
  return new EngineClient((): WorkerPort => {
    const worker = startWorker(new URL(import.meta.url));
    worker.unref();
    return {
      post: (request) => worker.postMessage(request),
      listen: (handler, fail) => {
        worker.on('message', (r: EngineResponse) => handler(r));
        worker.on('error', (e) => fail(e.message));
      },
      terminate: () => void worker.terminate(),
    };
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const host = createEngineHost((response) => port.postMessage(response));
  port.on('message', (request: EngineRequest) => host(request));
}
