/** The engine's Web Worker (started by `createBrowserEngine`): it answers the page's requests. */
import { createEngineHost } from './host.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** The parts of the worker scope used here (the package builds without the DOM lib). */
interface WorkerScope {
  postMessage(message: EngineResponse): void;
  addEventListener(type: 'message', listener: (event: { data: EngineRequest }) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const host = createEngineHost((response) => scope.postMessage(response));
scope.addEventListener('message', (e) => host(e.data));
