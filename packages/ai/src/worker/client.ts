import type { EngineAnswer, EngineRequest, EngineResponse, Progress } from './protocol.ts';

/** The little a client needs of a worker; both homes adapt their Worker to it. */
export interface WorkerPort {
  post(request: EngineRequest): void;
  /** `fail` reports a crashed worker. */
  listen(handler: (response: EngineResponse) => void, fail: (message: string) => void): void;
  terminate(): void;
}

export type SearchRequest = Omit<Extract<EngineRequest, { type: 'search' }>, 'type' | 'id' | 'stop'>;

export interface RunningSearch {
  /** The answer; after `cancel` it is the best move found so far, or a rejection (see `cancel`). */
  readonly answer: Promise<EngineAnswer>;
  /**
   * Stops the search. With shared memory the worker stops within about a millisecond and
   * answers with its best move so far; without it (a page that is not cross-origin isolated)
   * the worker is replaced and `answer` rejects with an Error named 'CancelledError'.
   */
  cancel(): void;
}

/**
 * The one engine API of both homes: `search` runs off the calling thread, reports progress and
 * can be cancelled. One search at a time per client.
 */
export class EngineClient {
  private port: WorkerPort;
  private nextId = 1;
  private current: {
    id: number;
    resolve: (a: EngineAnswer) => void;
    reject: (e: Error) => void;
    onProgress?: (p: Progress) => void;
  } | null = null;

  /** Settles once the current worker has loaded (UCI's `isready` waits for it). */
  ready!: Promise<void>;

  constructor(private readonly spawn: () => WorkerPort) {
    this.port = this.start();
  }

  private start(): WorkerPort {
    const port = this.spawn();
    let loaded = () => {};
    this.ready = new Promise((resolve) => {
      loaded = resolve;
    });
    port.listen(
      (response) => {
        if (response.type === 'ready') {
          loaded();
          return;
        }
        const current = this.current;
        if (!current || response.id !== current.id) return;
        if (response.type === 'progress') current.onProgress?.(response.progress);
        else {
          this.current = null;
          if (response.type === 'done') current.resolve(response.answer);
          else current.reject(new Error(response.message));
        }
      },
      (message) => {
        // A crashed worker is replaced; the search it ran fails.
        const current = this.current;
        this.current = null;
        if (port === this.port) this.port = this.start();
        current?.reject(new Error(`engine worker failed: ${message}`));
      },
    );
    return port;
  }

  search(request: SearchRequest, onProgress?: (p: Progress) => void): RunningSearch {
    if (this.current) throw new Error('a search is already running on this engine');
    const id = this.nextId++;
    const shared =
      typeof SharedArrayBuffer === 'function' &&
      (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    const stop = shared ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    const answer = new Promise<EngineAnswer>((resolve, reject) => {
      this.current = { id, resolve, reject, onProgress };
    });
    this.port.post({ type: 'search', id, stop, ...request });
    return {
      answer,
      cancel: () => {
        if (this.current?.id !== id) return;
        if (stop) {
          Atomics.store(stop, 0, 1);
          return;
        }
        const current = this.current;
        this.current = null;
        this.port.terminate();
        this.port = this.start();
        const error = new Error('the search was cancelled');
        error.name = 'CancelledError';
        current.reject(error);
      },
    };
  }

  /** Forgets what the engine learned (transposition table), as for a new game. */
  newGame(): void {
    this.port.post({ type: 'new-game' });
  }

  terminate(): void {
    this.port.terminate();
  }
}
