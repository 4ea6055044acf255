import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyLoggerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from './config.ts';

type Out = { write(text: string): unknown; isTTY?: boolean };

/** JSON lines for log collectors; readable lines in a terminal, or always with LOG_FORMAT. */
export function loggerOptions(config: Config, out: Out = process.stdout): FastifyLoggerOptions {
  const pretty = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && out.isTTY === true);
  return {
    level: config.LOG_LEVEL,
    stream: pretty ? prettyStream(out) : out,
    serializers: { err: errorWithoutValues },
  };
}

/**
 * pino's error record without a failed query's values (an email, a password hash): Drizzle writes
 * them into its error's message and stack, and PostgreSQL quotes the row in `detail`.
 */
export function errorWithoutValues(err: Error) {
  const { params: _params, detail: _detail, ...record } = stdSerializers.err(err);
  let cleaned = record;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (!(e instanceof DrizzleQueryError)) continue;
    const values = `\nparams: ${e.params}`;
    cleaned = {
      ...cleaned,
      message: cleaned.message.replace(values, ''),
      stack: cleaned.stack.replace(values, ''),
    };
  }
  return cleaned;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR' };
/** The fields a line shows in its own way, or leaves out (pid, hostname). */
const SHOWN = new Set('level time pid hostname msg reqId req res responseTime err'.split(' '));
/** Requests not completed yet; bounded, as an aborted request may never complete. */
const MAX_PENDING = 1000;

const field = (value: unknown) =>
  typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);

/**
 * Pino's JSON records as `12:00:00 INFO  message key=value`, and a request as one line when it
 * completes: `GET /api/user 200 3 ms`.
 */
function prettyStream(out: Pick<Out, 'write'>): { write(record: string): void } {
  const pending = new Map<string, string>();
  return {
    write(record) {
      const r = JSON.parse(record);
      if (r.msg === 'incoming request' && r.req) {
        if (pending.size >= MAX_PENDING) pending.clear();
        pending.set(r.reqId, `${r.req.method} ${r.req.url}`);
        return;
      }
      let text = r.msg ?? '';
      if (r.msg === 'request completed' && r.res) {
        text = `${pending.get(r.reqId) ?? r.reqId} ${r.res.statusCode} ${Math.round(r.responseTime)} ms`;
        pending.delete(r.reqId);
      }
      const time = new Date(r.time).toTimeString().slice(0, 8);
      const rest = Object.entries(r).filter(([key]) => !SHOWN.has(key));
      const level = (LEVELS[r.level] ?? 'FATAL').padEnd(5);
      const line = [time, level, text, ...rest.map(([k, v]) => `${k}=${field(v)}`)];
      out.write(`${line.join(' ')}\n${r.err?.stack ? `${r.err.stack}\n` : ''}`);
    },
  };
}
