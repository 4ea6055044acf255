import type { ClientMessage, ServerMessage } from '@sbc/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { followSocket, hearNotice, noticeStatus } from '../api/notices.ts';
import { LiveConnection, type LiveStatus, type Subscription } from '../api/socket.ts';

/**
 * A connection at /ws for as long as the component shows, following `subscriptions` (a room, a
 * game, the lobby, thumbnails). `onMessage` gets every event, and the refusals that answer no
 * request (`reportLiveError` shows those the screen does not act on). A first attempt that fails
 * says 'Failed to connect'. A new `identity` (a visitor became a guest) connects again, since the
 * server knows the socket's player by the cookies it opened with; a new list of thumbnails
 * (`games:watch`, which replaces the one before) goes on the open socket.
 */
export function useLiveSocket(
  subscriptions: Subscription | readonly Subscription[] | null,
  onMessage: (message: ServerMessage) => void,
  identity = '',
) {
  const connection = useRef<LiveConnection | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const list = subscriptions === null ? [] : 'type' in subscriptions ? [subscriptions] : subscriptions;
  const thumbs = list.find((s) => s.type === 'games:watch');
  const thumbsRef = useRef(thumbs);
  thumbsRef.current = thumbs;
  const thumbsKey = thumbs && JSON.stringify(thumbs);
  const key =
    subscriptions && JSON.stringify({ identity, follows: list.filter((s) => s.type !== 'games:watch') });
  // The status of the connection opened for `key`: a newer key's is 'connecting' until it reports.
  const [shown, setShown] = useState<{ key: string | null; status: LiveStatus }>({
    key,
    status: 'connecting',
  });
  const status = shown.key === key ? shown.status : 'connecting';

  useEffect(() => {
    if (!key) return;
    let warned = false;
    const release = followSocket();
    const live = new LiveConnection({
      // A notice is the whole page's (the maintenance banner's), not the screen's.
      onMessage: (message) => hearNotice(message) || handler.current(message),
      onStatus: (next, opened) => {
        setShown({ key, status: next });
        noticeStatus(next);
        // Said once, when the very first attempt fails; the retries follow quietly.
        if (next === 'closed' && !opened && !warned) {
          warned = true;
          toast({ title: 'Failed to connect', variant: 'destructive' });
        }
      },
    });
    for (const s of (JSON.parse(key) as { follows: Subscription[] }).follows) live.subscribe(s);
    if (thumbsRef.current) live.subscribe(thumbsRef.current);
    connection.current = live;
    return () => {
      live.close();
      connection.current = null;
      release();
    };
  }, [key]);

  useEffect(() => {
    if (thumbsKey) connection.current?.subscribe(JSON.parse(thumbsKey) as Subscription);
  }, [thumbsKey]);

  const request = useCallback(
    (message: ClientMessage, answers: (m: ServerMessage) => boolean) =>
      connection.current?.request(message, answers),
    [],
  );
  const send = useCallback((message: ClientMessage) => connection.current?.send(message) ?? false, []);
  return { status, request, send };
}

/** A refusal from the server that the screen does not handle itself. */
export function reportLiveError(message: Extract<ServerMessage, { type: 'error' }>): void {
  toast({ title: 'Connection Error', description: message.message, variant: 'destructive' });
}
