import type { FastifyBaseLogger } from 'fastify';

/** Work that must not delay an answer, such as mailing a code (docs/api.md, Verification codes). */
export interface Background {
  /** Starts `task` once the answer is on its way; a failure only reaches the log. */
  run(what: string, task: () => Promise<void>): void;
  /** Waits for every task started (the server waits before it closes the database). */
  settle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err) => log.error({ err }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settle: async () => {
      await Promise.all(running);
    },
  };
}
