import { type ClientMessage, SESSION_ENDED, ServerMessage } from '@sbc/api';
import { stampArrival } from '../../../lib/clock.ts';
import { LiveError } from '../../../lib/http.ts';
import { handleUnauthorized } from '../../../lib/session-expired.ts';

/** A lost connection is tried again after 3 s (docs/architecture.md §7). */
export const RECONNECT_MS = 3000;
/** A normal close (1000) and a going away (1001) are meant: nothing to reconnect. */
const FINAL_CLOSES = new Set([1000, 1001]);

export type LiveStatus = 'connecting' | 'open' | 'closed';

/**
 * What the socket follows: a room's lobby, a game, the lobby's seeks and tiles, the thumbnails'
 * games; each sent again on every reconnection, one of each type (a newer one replaces it).
 */
export type Subscription = Extract<
  ClientMessage,
  { type: 'room:join' | 'game:watch' | 'lobby:watch' | 'games:watch' }
>;

export interface LiveHandlers {
  /** Every message read but the refusals that fail a request: events, answers, other refusals. */
  onMessage: (message: ServerMessage) => void;
  /** `opened`: whether a connection has opened before (the first attempt has not failed). */
  onStatus: (status: LiveStatus, opened: boolean) => void;
}

/** The socket's address: /ws on the page's own host, wss: when the page came over https:. */
export const liveUrl = (location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

interface Pending {
  answers: (message: ServerMessage) => boolean;
  resolve: (message: ServerMessage) => void;
  reject: (error: LiveError) => void;
}

/**
 * The connection at /ws (docs/api.md §7): every frame read is checked against `ServerMessage`
 * (one that is not is dropped: acting on a message of another shape could corrupt the screen),
 * a close other than 1000 or 1001 reconnects after 3 s (but for a session's end, which signs the
 * page out as a 401 does), and a reconnection follows its
 * subscriptions again and, for a game, asks for what changed since the version it last saw.
 */
export class LiveConnection {
  private ws: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opened = false;
  private stopped = false;
  /** Requests in the order sent: the server answers one message at a time, a refusal with `error`. */
  private pending: Pending[] = [];
  private readonly subscriptions = new Map<string, Subscription>();
  /** The newest version seen of each game. */
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly handlers: LiveHandlers,
    private readonly url: string = liveUrl(),
  ) {
    this.connect();
  }

  get status(): LiveStatus {
    if (this.ws?.readyState === WebSocket.OPEN) return 'open';
    return this.ws ? 'connecting' : 'closed';
  }

  /**
   * Follows a room, a game, the lobby or thumbnails, now (when open) and after every reconnection.
   * Its answer (`room:state`, `game:state`, `lobby:state`) or refusal comes to `onMessage`, like
   * the events that follow.
   */
  subscribe(subscription: Subscription): void {
    this.subscriptions.set(subscription.type, subscription);
    this.send(subscription);
  }

  /**
   * Sends `message` and settles with the first message that `answers` accepts, or fails with the
   * next refusal; undefined when the socket is not open (the caller then takes another way).
   */
  request(
    message: ClientMessage,
    answers: (m: ServerMessage) => boolean,
  ): Promise<ServerMessage> | undefined {
    if (this.status !== 'open') return undefined;
    return new Promise((resolve, reject) => {
      this.pending.push({ answers, resolve, reject });
      this.ws?.send(JSON.stringify(message));
    });
  }

  /** Sends a message whose answer nobody waits for. */
  send(message: ClientMessage): boolean {
    if (this.status !== 'open') return false;
    this.ws?.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null; // its close event is then no news
    if (ws?.readyState === WebSocket.CONNECTING) {
      // Closing it now makes the browser log 'closed before the connection is established' (a
      // page left at once, as the lobby is when the game starts): it closes as soon as it opens.
      ws.onopen = () => ws.close(1000);
      ws.onmessage = null;
    } else ws?.close(1000);
    this.dropped();
  }

  private connect(): void {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.handlers.onStatus('connecting', this.opened);
    ws.onopen = () => {
      const again = this.opened;
      this.opened = true;
      this.handlers.onStatus('open', true);
      for (const subscription of this.subscriptions.values()) {
        this.send(subscription);
        if (again && subscription.type === 'game:watch') this.resync(subscription.gameId);
      }
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropped();
      this.handlers.onStatus('closed', this.opened);
      if (event.code === SESSION_ENDED.code && event.reason === SESSION_ENDED.reason) {
        // Logged out, blocked or a new password: another try would be refused, as a request is.
        this.stopped = true;
        handleUnauthorized();
      } else if (!this.stopped && !FINAL_CLOSES.has(event.code)) {
        this.timer = setTimeout(() => this.connect(), RECONNECT_MS);
      }
    };
  }

  /** After a reconnection: the game as it is now, from the version last seen (events were missed). */
  private resync(gameId: string): void {
    const version = this.versions.get(gameId);
    if (version !== undefined) this.send({ type: 'game:sync', gameId, version });
  }

  private receive(data: unknown): void {
    const arrival = performance.now();
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      json = undefined;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      console.warn('[live] dropped a message that is not a ServerMessage', json);
      return;
    }
    const message = parsed.data;
    const clock =
      'state' in message ? message.state.gameState.clock : message.type === 'game:move' && message.clock;
    if (clock) stampArrival(clock, arrival);
    if ('version' in message) {
      this.versions.set(message.gameId, Math.max(message.version, this.versions.get(message.gameId) ?? 0));
    }
    if (message.type === 'error') {
      const oldest = this.pending.shift();
      if (oldest) {
        oldest.reject(new LiveError(message.message, message.code));
        return;
      }
    } else {
      const answered = this.pending.findIndex((p) => p.answers(message));
      if (answered >= 0) this.pending.splice(answered, 1)[0].resolve(message);
    }
    this.handlers.onMessage(message);
  }

  /** The requests under way will get no answer on this socket. */
  private dropped(): void {
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.reject(new LiveError('The connection was lost', 'disconnected'));
  }
}
