import type { ServerMessage, ServerMessageOf } from '@sbc/api';
import { LiveConnection, type LiveStatus } from './socket.ts';

/** What the server tells every open socket, whatever it follows (docs/api.md §7). */
export type Notice = ServerMessageOf<'maintenance'>;

export interface NoticeListener {
  onNotice: (notice: Notice) => void;
  /** A socket opened: what was sent while none was open is to be read again. */
  onOpen: () => void;
}

const listeners = new Set<NoticeListener>();
/** Sockets open for a room or a game (useLiveSocket): each hears the notices too. */
let following = 0;
/**
 * A socket of its own, following nothing, while someone listens and no other socket is open: one
 * socket a page, never two. It may connect only as someone (a session or a guest's cookie).
 */
let light: LiveConnection | null = null;
let mayConnect = false;
/** The server refused the light socket (no session after all): the page keeps to its poll. */
let refused = false;

/** Gives a notice to the listeners; true when the message was one. */
export function hearNotice(message: ServerMessage): message is Notice {
  if (message.type !== 'maintenance') return false;
  for (const listener of listeners) listener.onNotice(message);
  return true;
}

/** What a socket's status means to the listeners: an opening is a cue to read again. */
export function noticeStatus(status: LiveStatus): void {
  if (status !== 'open') return;
  refused = false;
  for (const listener of listeners) listener.onOpen();
}

function settle(): void {
  const wanted = listeners.size > 0 && following === 0 && mayConnect && !refused;
  if (wanted && !light) {
    light = new LiveConnection({
      onMessage: hearNotice,
      onStatus: (status, opened) => {
        noticeStatus(status);
        if (status === 'closed' && !opened) {
          refused = true;
          settle();
        }
      },
    });
  } else if (!wanted && light) {
    light.close();
    light = null;
  }
}

/** Counts a socket that follows a room or a game, until the returned release. */
export function followSocket(): () => void {
  following++;
  settle();
  return () => {
    following--;
    settle();
  };
}

/**
 * Hears the notices until the returned stop: on the page's socket, or on a light one opened for
 * them when the page has none and `connect` (the page is someone's).
 */
export function listenToNotices(listener: NoticeListener, connect: boolean): () => void {
  listeners.add(listener);
  mayConnect = connect;
  settle();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) refused = false;
    settle();
  };
}
