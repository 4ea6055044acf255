import type { ClientMessage, ServerMessage } from '@sbc/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { followSocket, hearNotice, noticeStatus } from '../api/notices.ts';
import { LiveConnection, type LiveStatus, type Subscription } from '../api/socket.ts';

/**
 * A connection at /ws for as long as the component shows, following `subscription` (a room or a
 * game). `onMessage` gets every event, and the refusals that answer no request (`reportLiveError`
 * shows those the screen does not act on). A first attempt that fails says 'Failed to connect'.
 */
export function useLiveSocket(
  subscription: Subscription | null,
  onMessage: (message: ServerMessage) => void,
) {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const connection = useRef<LiveConnection | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const key = subscription && JSON.stringify(subscription);

  useEffect(() => {
    if (!key) return;
    let warned = false;
    const release = followSocket();
    const live = new LiveConnection({
      // A notice is the whole page's (the maintenance banner's), not the screen's.
      onMessage: (message) => hearNotice(message) || handler.current(message),
      onStatus: (next, opened) => {
        setStatus(next);
        noticeStatus(next);
        // Said once, when the very first attempt fails; the retries follow quietly.
        if (next === 'closed' && !opened && !warned) {
          warned = true;
          toast({ title: 'Failed to connect', variant: 'destructive' });
        }
      },
    });
    live.subscribe(JSON.parse(key) as Subscription);
    connection.current = live;
    return () => {
      live.close();
      connection.current = null;
      release();
    };
  }, [key]);

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
