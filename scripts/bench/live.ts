/**
 * Online games for the live benchmark, as browsers play them: guests create and join rooms over
 * HTTP, then every player and spectator holds a socket at /ws, follows the game (`game:watch`) and
 * the players send `game:move` with the version they hold. Each socket notes when each move's
 * event reached it, so that a move's relay time, its loss and its duplicates are seen per socket.
 */
import type { ServerMessage, TimeControl } from '@sbc/api';
import WebSocket from 'ws';
import type { MoveIntention } from './moves.ts';

const READY_MS = 60_000;

export type Role = 'white' | 'black' | 'spectator';

/** A move sent, and when its event reached each socket of the game (performance.now, ms). */
export interface Delivery {
  sentAt: number;
  /** Sent after the warm-up: its times count. */
  measured: boolean;
  mover: Seat;
  at: Map<Seat, number>;
}

export interface LiveGame {
  id: string;
  /** The version its players hold: the last one acknowledged to a mover. */
  version: number;
  /** The next move of the line. */
  ply: number;
  /** White, black, then the spectators. */
  seats: Seat[];
  /** By the version the move makes. */
  deliveries: Map<number, Delivery>;
  /** The version of the move sent and not yet acknowledged to its mover. */
  inFlight: number | null;
  /** The deadline the game's last message gave (ms since the epoch), in a timed game. */
  deadline: number | null;
  /** Where its players' sockets note what they saw of the clocks, in a timed game. */
  clocks?: ClockWatch;
}

/** What went wrong beyond the games themselves. */
export interface Troubles {
  /** `error` messages, by their code or text. */
  errors: Map<string, number>;
  /** Sockets closed under the benchmark, by close code. */
  closes: Map<number, number>;
  /** A game:move event a socket had already received. */
  duplicates: number;
}

export const troubles = (): Troubles => ({ errors: new Map(), closes: new Map(), duplicates: 0 });

/**
 * What the players' sockets saw of the clocks: how far the running clock a `game:move` carried was
 * from the server's (its deadline less the time of arrival: one machine, one clock), and how late
 * each flag's `game:timeout` arrived after the deadline the game's last message gave (ms).
 */
export interface ClockWatch {
  drift: number[];
  flags: number[];
}

export const clockWatch = (): ClockWatch => ({ drift: [], flags: [] });
export const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Game `index`'s players' address: each game comes from an address of its own, as its browsers
 * would, told to the server (TRUST_PROXY=loopback) as a proxy does, so that no cap per address binds them.
 */
export const gameAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** A socket's upgrade headers: a browser's cookie and Origin, and the address its proxy names. */
export const clientHeaders = (url: string, cookie: string, address: string) => ({
  cookie,
  origin: new URL(url).origin.replace(/^ws/, 'http'),
  'x-forwarded-for': address,
});

/** One socket of a game: a player's or a spectator's. */
export class Seat {
  readonly ws: WebSocket;
  readonly ready: Promise<number>;
  /** The versions of the game:move events it received. */
  private readonly seen = new Set<number>();
  private closing = false;

  constructor(
    url: string,
    cookie: string,
    readonly role: Role,
    private readonly game: LiveGame,
    private readonly trouble: Troubles,
    address: string,
  ) {
    this.ws = new WebSocket(url, { headers: clientHeaders(url, cookie, address) });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role}: no game:state in ${READY_MS} ms`)), READY_MS);
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`${response.statusCode}`)),
      );
      this.ws.once('open', () => this.ws.send(JSON.stringify({ type: 'game:watch', gameId: game.id })));
      this.ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        if (message.type === 'game:state') {
          clearTimeout(timer);
          resolve(message.version);
        } else this.receive(message);
      });
    });
    this.ws.on('close', (code) => {
      if (!this.closing) count(this.trouble.closes, code);
    });
  }

  /** A player's view of the clock, at the moment a message arrives. */
  private watchClock(message: ServerMessage): void {
    const { clocks } = this.game;
    // A move's frame carries its clocks (MoveFrame), any other change the whole game.
    const clock =
      message.type === 'game:move'
        ? message.clock
        : 'state' in message
          ? message.state.gameState.clock
          : undefined;
    if (!clocks || this.role === 'spectator' || clock === undefined) return;
    const arrived = Date.now();
    if (message.type === 'game:timeout' && this.game.deadline !== null) {
      // Each player sees the flag: both count, as the issue measures it "as observed by the players".
      clocks.flags.push(arrived - this.game.deadline);
    }
    if (!clock?.running || clock.deadline === null) return;
    this.game.deadline = clock.deadline;
    clocks.drift.push(Math.abs(clock[clock.running] - (clock.deadline - arrived)));
  }

  private receive(message: ServerMessage): void {
    const { game } = this;
    this.watchClock(message);
    if (message.type === 'error') {
      count(this.trouble.errors, message.code ?? message.message);
      // A refused move is over: the game's next turn sends it again.
      if (game.deliveries.get(game.inFlight ?? -1)?.mover === this) game.inFlight = null;
      return;
    }
    if (message.type !== 'game:move') return;
    const now = performance.now();
    const { version } = message;
    if (this.seen.has(version)) this.trouble.duplicates++;
    this.seen.add(version);
    const delivery = game.deliveries.get(version);
    if (!delivery || delivery.at.has(this)) return;
    delivery.at.set(this, now);
    if (delivery.mover === this && game.inFlight === version) {
      game.version = version;
      game.ply++;
      game.inFlight = null;
    }
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  close(): Promise<void> {
    this.closing = true;
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((done) => {
      this.ws.once('close', () => done());
      this.ws.close(1000);
    });
  }
}

/** Sends the game's next move, unless its last one is still in flight (false then). */
export function sendMove(game: LiveGame, line: MoveIntention[], measured: boolean): boolean {
  if (game.inFlight !== null) return false;
  if (game.ply >= line.length) throw new Error('the line of moves ran out: a longer line is needed');
  const { from, to, piece } = line[game.ply];
  const mover = game.seats[game.ply % 2];
  game.inFlight = game.version + 1;
  game.deliveries.set(game.inFlight, { sentAt: performance.now(), measured, mover, at: new Map() });
  mover.send({ type: 'game:move', gameId: game.id, from, to, piece, version: game.version });
  return true;
}

export async function post(url: string, body: object, address: string, cookie = '') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const guest = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: (await res.json()) as { code?: string; gameId: string | null }, guest };
}

/**
 * A room of two guests, its game started, and `spectators` more guests who find it full (their
 * cookie comes with that answer, as a browser's visitor gets it): the game and each one's cookie.
 */
async function room(
  base: string,
  name: string,
  spectators: number,
  address: string,
  timeControl?: TimeControl,
) {
  const host = await post(`${base}/api/rooms`, { displayName: `${name}w` }, address);
  const { code, id } = host.body as unknown as { code: string; id: string };
  if (timeControl) {
    const chosen = await post(`${base}/api/rooms/${id}/time-control`, { timeControl }, address, host.guest);
    if (chosen.status !== 200)
      throw new Error(`time control: ${chosen.status} ${JSON.stringify(chosen.body)}`);
  }
  const guest = await post(`${base}/api/rooms/join`, { roomCode: code, guestName: `${name}b` }, address);
  if (guest.status !== 200 || !guest.body.gameId) throw new Error(`join: ${guest.status}`);
  const cookies = [host.guest, guest.guest];
  for (let s = 0; s < spectators; s++) {
    const watcher = await post(
      `${base}/api/rooms/join`,
      { roomCode: code, guestName: `${name}s${s}` },
      address,
    );
    if (watcher.body.code !== 'roomFull') throw new Error(`spectator's join: ${watcher.status}`);
    cookies.push(watcher.guest);
  }
  return { gameId: guest.body.gameId, cookies };
}

/**
 * Game `index`: its room made on the first server; white's socket on the first of `sockets`
 * (/ws addresses), black's on the next, the spectators' on the following ones in turn, so that
 * with two instances the players of every game are on different instances.
 */
export async function openGame(
  base: string,
  sockets: string[],
  index: number,
  spectators: number,
  trouble: Troubles,
  timed?: { timeControl: TimeControl; clocks: ClockWatch },
): Promise<LiveGame> {
  const address = gameAddress(index);
  const { gameId, cookies } = await room(base, `g${index}`, spectators, address, timed?.timeControl);
  const game: LiveGame = {
    id: gameId,
    version: 0,
    ply: 0,
    seats: [],
    deliveries: new Map(),
    inFlight: null,
    deadline: null,
    clocks: timed?.clocks,
  };
  const roles: Role[] = ['white', 'black'];
  game.seats = cookies.map(
    (cookie, k) =>
      new Seat(
        sockets[(index + k) % sockets.length],
        cookie,
        roles[k] ?? 'spectator',
        game,
        trouble,
        address,
      ),
  );
  const versions = await Promise.all(game.seats.map((s) => s.ready));
  game.version = Math.max(...versions);
  return game;
}

/** A timed game's first move of each side (each must come within its window, or the game aborts). */
export async function openingMoves(game: LiveGame, line: MoveIntention[]): Promise<void> {
  while (game.ply < 2) {
    if (game.inFlight === null) sendMove(game, line, false);
    await new Promise((tick) => setTimeout(tick, 5));
  }
}
