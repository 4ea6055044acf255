import { ClientMessage, SESSION_ENDED, type ServerMessage } from '@sbc/api';
import { HttpError } from '../../errors.ts';
import { describeZodError } from '../../plugins/errors.ts';
import { redisRefusal } from '../../redis.ts';
import type { Services } from '../../services.ts';
import { type LiveSocket, measureLag } from './hub.ts';
import { exitRoom, handle, type Live } from './messages.ts';

/** Closes a socket past its own message limit. */
export const POLICY_CLOSE = 1008;

/** Messages that read games from the database, limited on their own (LIVE_SOCKET_SYNCS). */
const COSTLY = new Set<ClientMessage['type']>(['game:sync', 'game:watch', 'games:watch', 'lobby:watch']);

const invalid = (message: string): ServerMessage => ({ type: 'error', message, code: 'invalidMessage' });
const rateLimited = (message: string): ServerMessage => ({ type: 'error', message, code: 'rateLimited' });
const ADDRESS_BUSY = rateLimited('Too many messages from your address; wait a few seconds');
const COSTLY_BUSY = rateLimited(
  'Too many game:sync, game:watch, games:watch or lobby:watch messages; wait a few seconds',
);

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
  const known = error instanceof HttpError ? error : redisRefusal(error);
  if (known) {
    const code = known.extra.code as string | undefined;
    return { type: 'error', message: known.message, ...(code ? { code } : {}) };
  }
  live.log.error({ err: error }, 'socket message failed');
  return { type: 'error', message: 'Internal server error' };
}

/**
 * A frame as it arrives, before any work but its parsing: past its socket's limit the socket
 * closes; past its address's budget, or its socket's share of the costly messages, it is refused.
 */
function admitFrame(live: Live, socket: LiveSocket, message: ClientMessage | ServerMessage, now: number) {
  const { budgets } = live;
  if (!budgets.socket.take(socket, now)) return 'close';
  if (!budgets.address.take(socket.address, now)) return ADDRESS_BUSY;
  const costly = COSTLY.has(message.type as ClientMessage['type']);
  if (costly && !budgets.costly.take(socket, now)) return COSTLY_BUSY;
  return null;
}

/** A signed-in user's socket acts only while its session lives (not ended, not blocked); else it closes. */
export async function sessionLives(services: Services, socket: LiveSocket): Promise<boolean> {
  if (!socket.sessionId || (await services.sessions.userOf(socket.sessionId))) return true;
  socket.ws.close(SESSION_ENDED.code, SESSION_ENDED.reason);
  return false;
}

/**
 * Serves one socket: its frames one at a time, in order (a client's second move waits for its
 * first), each counted against the limits as it arrives. Returns its farewell, which counts it
 * out of its room once, when it closes or when the server stops.
 */
export function serve(live: Live, socket: LiveSocket): () => Promise<void> {
  const { services, hub, budgets } = live;
  const { ws } = socket;
  let queue: Promise<void> = Promise.resolve();
  const answer = (message: ServerMessage) => {
    queue = queue.then(() => hub.send(socket, message));
  };
  ws.on('pong', () => {
    socket.answeredAt = performance.now();
    measureLag(socket, socket.answeredAt);
  });
  ws.on('message', (data, isBinary) => {
    const message = read(data, isBinary);
    const refused = admitFrame(live, socket, message, services.now().getTime());
    if (refused === 'close') {
      ws.close(POLICY_CLOSE, 'Too many messages');
      return;
    }
    if (refused) return answer(refused);
    if (message.type === 'error') return answer(message);
    queue = queue
      .then(async () => {
        if (await sessionLives(services, socket)) await handle(live, socket, message as ClientMessage);
      })
      .catch((error) => hub.send(socket, refusal(live, error)));
  });
  let farewell: Promise<void> | null = null;
  const goodbye = () => {
    farewell ??= queue
      .then(async () => {
        hub.forget(socket);
        budgets.socket.forget(socket);
        budgets.costly.forget(socket);
        await exitRoom(live, socket);
      })
      .catch((err) => live.log.warn({ err }, 'socket not counted out of its room'));
    return farewell;
  };
  ws.on('close', goodbye);
  return goodbye;
}
