import type { WebSocket } from '@fastify/websocket';
import { ClientMessage, type ServerMessage } from '@sbc/api';
import { HttpError } from '../../errors.ts';
import { describeZodError } from '../../plugins/errors.ts';
import type { Player } from '../rooms/guests.ts';
import type { LiveSocket } from './hub.ts';
import { exitRoom, handle, type Live } from './messages.ts';

/** A socket may send this many messages in a window; one more closes it (1008). */
export const MESSAGE_LIMIT = 20;
export const MESSAGE_WINDOW_MS = 5000;

const invalid = (message: string): ServerMessage => ({ type: 'error', message, code: 'invalidMessage' });

/** A frame as a client message, or the `error` that answers it. */
function read(data: { toString(): string }, isBinary: boolean): ClientMessage | ServerMessage {
  if (isBinary) return invalid('Messages are JSON objects');
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return invalid('Messages are JSON objects');
  }
  const parsed = ClientMessage.safeParse(json);
  return parsed.success ? parsed.data : invalid(describeZodError(parsed.error));
}

function refusal(live: Live, error: unknown): ServerMessage {
  if (error instanceof HttpError) {
    const code = error.extra.code as string | undefined;
    return { type: 'error', message: error.message, ...(code ? { code } : {}) };
  }
  live.log.error({ err: error }, 'socket message failed');
  return { type: 'error', message: 'Internal server error' };
}

/**
 * Serves one socket: its frames one at a time, in order (a client's second move waits for its
 * first), under the rate limit. Returns its farewell, which counts it out of its room once, when
 * it closes or when the server stops.
 */
export function serve(live: Live, ws: WebSocket, player: Player): () => Promise<void> {
  const { services, hub } = live;
  const socket: LiveSocket = { ws, player, room: null, games: new Map() };
  hub.open(socket);
  let window = { start: services.now().getTime(), count: 0 };
  let queue: Promise<void> = Promise.resolve();
  ws.on('message', (data, isBinary) => {
    const now = services.now().getTime();
    if (now - window.start >= MESSAGE_WINDOW_MS) window = { start: now, count: 0 };
    if (++window.count > MESSAGE_LIMIT) {
      ws.close(1008, 'Too many messages');
      return;
    }
    const message = read(data, isBinary);
    if (message.type === 'error') {
      hub.send(socket, message);
      return;
    }
    queue = queue
      .then(() => handle(live, socket, message as ClientMessage))
      .catch((error) => hub.send(socket, refusal(live, error)));
  });
  let farewell: Promise<void> | null = null;
  const goodbye = () => {
    farewell ??= queue
      .then(async () => {
        hub.forget(socket);
        await exitRoom(live, socket);
      })
      .catch((err) => live.log.warn({ err }, 'socket not counted out of its room'));
    return farewell;
  };
  ws.on('close', goodbye);
  return goodbye;
}
