/**
 * A load generator spread over child processes: a process holds at most its open-files limit of
 * sockets (`ulimit -n`), and the limit cannot always be raised, so each child of the same script
 * holds a slice of the load. The parent calls a phase by name in every child at once (set up,
 * warm up, measure, …), which keeps them in step, and each child answers with its figures.
 */
import { type ChildProcess, fork } from 'node:child_process';

const WORKER = '--worker';

/** In a child, the slice it was forked with (`--worker <json>`); null in the parent. */
export function workerSlice<S>(): S | null {
  const at = process.argv.indexOf(WORKER);
  return at > 0 ? (JSON.parse(process.argv[at + 1]) as S) : null;
}

type Phases<T> = { [K in keyof T]: () => Promise<unknown> };
type Message = { id: number; phase: string } | { id: number; result?: unknown; error?: string };

/**
 * Forks this script (same options, its Node flags: tsx's loader) with `slice`, and returns its
 * phases as calls into the child. `close` also ends the child, and never fails: it is for `finally`.
 */
export function forkWorker<T extends Phases<T>>(slice: unknown, phases: (keyof T & string)[]): T {
  const child: ChildProcess = fork(
    process.argv[1],
    [...process.argv.slice(2), WORKER, JSON.stringify(slice)],
    {
      // Structured clone: Maps and long arrays of figures cross as they are.
      serialization: 'advanced',
    },
  );
  const pending = new Map<number, { done(result: unknown): void; fail(error: Error): void }>();
  let next = 0;
  const exited = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      for (const p of pending.values()) p.fail(new Error(`a worker exited (${code ?? signal})`));
      pending.clear();
      done();
    }),
  );
  child.on('message', (message: Message) => {
    const p = pending.get(message.id);
    pending.delete(message.id);
    if (p && 'error' in message && message.error !== undefined) p.fail(new Error(message.error));
    else if (p && 'result' in message) p.done(message.result);
  });
  const call = (phase: string) =>
    new Promise<unknown>((done, fail) => {
      if (!child.connected) return fail(new Error('the worker is gone'));
      const id = next++;
      pending.set(id, { done, fail });
      child.send({ id, phase } satisfies Message);
    });
  const close = async () => {
    await call('close').catch(() => child.kill());
    if (child.connected) child.disconnect();
    await exited;
  };
  return Object.fromEntries(
    phases.map((phase) => [phase, phase === 'close' ? close : () => call(phase)]),
  ) as T;
}

/** In a child: runs each phase the parent calls on `target` and answers it; the child ends with the parent's channel. */
export function servePhases<T extends Phases<T>>(target: T): void {
  process.on('message', async (message: { id: number; phase: keyof T & string }) => {
    const reply = (answer: Message) => process.send?.(answer);
    try {
      reply({ id: message.id, result: await target[message.phase]() });
    } catch (error) {
      reply({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  });
  process.once('disconnect', () => process.exit());
}
