/**
 * The live benchmark's `--attack`: one address opens as many sockets as the server's caps allow
 * (a new guest whenever the cap per player closes one, until the cap per address does), each
 * watches a game and sends `game:sync` at the rate a socket may; and a probe asks `/healthz` all
 * the while.
 */
import type { ServerMessage } from '@sbc/api';
import WebSocket from 'ws';
import { clientHeaders, count, type LiveGame, post } from './live.ts';

/** The attacker's address (TEST-NET-1), told to the server as a proxy would. */
export const ATTACKER = '192.0.2.66';
/** Sockets tried at most on one instance, should the caps be off. */
const MOST = 5000;
/** How long a refused socket takes to be closed, at most. */
const ANSWER_MS = 10_000;
/** The time between two probes of /healthz, and the longest one waits. */
const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 10_000;

export interface Siege {
  sockets: number;
  guests: number;
  /** game:sync sent, answered with game:state, refused (by code). */
  sent: number;
  answered: number;
  refused: Map<string, number>;
  /** Attacking sockets the server closed, by code. */
  closes: Map<number, number>;
  stop(): Promise<void>;
}

/** A socket that watches `gameId`: open once its game:state comes, else the reason it was closed. */
function watcher(url: string, cookie: string, gameId: string, siege: Siege) {
  const ws = new WebSocket(url, { headers: clientHeaders(url, cookie, ATTACKER) });
  let admitted = false;
  return new Promise<{ ws: WebSocket } | { refused: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer to game:watch')), ANSWER_MS);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'game:watch', gameId })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.type === 'error') count(siege.refused, message.code ?? message.message);
      if (message.type !== 'game:state') return;
      if (admitted) siege.answered++;
      else {
        admitted = true;
        clearTimeout(timer);
        resolve({ ws });
      }
    });
    ws.on('close', (code, reason) => {
      // 1000: the attack's own end.
      if (admitted && code !== 1000) count(siege.closes, code);
      else {
        clearTimeout(timer);
        resolve({ refused: reason.toString() });
      }
    });
  });
}

/** A new guest's cookie, from a room of its own. */
async function guest(base: string, n: number): Promise<string> {
  return (await post(`${base}/api/rooms`, { displayName: `attacker${n}` }, ATTACKER)).guest;
}

/**
 * Opens the attack on every instance (its caps are its own) and starts its syncs: every socket
 * sends `syncsPerSecond`, spread over the second.
 */
export async function attack(base: string, sockets: string[], games: LiveGame[], syncsPerSecond: number) {
  const siege: Siege = {
    sockets: 0,
    guests: 0,
    sent: 0,
    answered: 0,
    refused: new Map(),
    closes: new Map(),
    stop: async () => {},
  };
  const open: { ws: WebSocket; gameId: string }[] = [];
  for (const url of sockets) {
    let cookie = await guest(base, siege.guests++);
    for (let i = 0; i < MOST; i++) {
      const gameId = games[open.length % games.length].id;
      const got = await watcher(url, cookie, gameId, siege);
      if ('ws' in got) open.push({ ws: got.ws, gameId });
      else if (/player/.test(got.refused)) cookie = await guest(base, siege.guests++);
      else break;
    }
  }
  siege.sockets = open.length;
  const timers = open.map(({ ws, gameId }, i) => {
    const every = 1000 / syncsPerSecond;
    const sync = () => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify({ type: 'game:sync', gameId, version: 0 }));
      siege.sent++;
    };
    let interval: NodeJS.Timeout | undefined;
    const start = setTimeout(
      () => {
        interval = setInterval(sync, every);
      },
      (i / open.length) * every,
    );
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  });
  siege.stop = async () => {
    for (const stop of timers) stop();
    await Promise.all(
      open.map(
        ({ ws }) =>
          new Promise<void>((done) => {
            if (ws.readyState === ws.CLOSED) return done();
            ws.once('close', () => done());
            ws.close(1000);
          }),
      ),
    );
  };
  return siege;
}

/** Asks `/healthz` one request after another until stopped: each answer's time (ms); a failure counts as the timeout. */
export function probeHealth(base: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
        (res) => res.ok,
        () => false,
      );
      times.push(ok ? performance.now() - start : PROBE_TIMEOUT_MS);
      await new Promise((wake) => setTimeout(wake, PROBE_EVERY_MS));
    }
  })();
  return {
    times,
    async stop() {
      running = false;
      await done;
    },
  };
}
