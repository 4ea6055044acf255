import type { ServerMessage, ServerMessageOf } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type Agent, ORIGIN } from './helpers.ts';

const WAIT_MS = 5000;

/** The server listening on a free port; its /ws address. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}/ws`;
}

export const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A browser's socket: its cookies and Origin; every message it gets, read in order by type. */
export class LiveClient {
  private readonly received: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(
    url: string,
    headers: Record<string, string>,
    options: WebSocket.ClientOptions = {},
  ): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { ...options, headers: { origin: ORIGIN, ...headers } });
      const client = new LiveClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  static as(url: string, agent: Agent): Promise<LiveClient> {
    return LiveClient.open(url, { cookie: cookieOf(agent) });
  }

  send(message: object | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Takes the first message of this type (that `accept` accepts) not taken yet, waiting if need be. */
  async next<T extends ServerMessage['type']>(
    type: T,
    accept: (message: ServerMessageOf<T>) => boolean = () => true,
    waitMs = WAIT_MS,
  ): Promise<ServerMessageOf<T>> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const i = this.received.findIndex((m) => m.type === type && accept(m as ServerMessageOf<T>));
      if (i >= 0) return this.received.splice(i, 1)[0] as ServerMessageOf<T>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type}; got ${JSON.stringify(this.received.map((m) => m.type))}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  /** Sends a message and takes the answer of this type. */
  async ask<T extends ServerMessage['type']>(message: object, type: T): Promise<ServerMessageOf<T>> {
    this.send(message);
    return this.next(type);
  }

  /** The types of the messages not taken yet, and forgets them. */
  drain(): string[] {
    return this.received.splice(0).map((m) => m.type);
  }

  close(): void {
    this.ws.close(1000);
  }
}
