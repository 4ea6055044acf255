import type { GameThumb, ServerMessage } from '@sbc/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../auth/index.ts';
import { knownGuest, reportLiveError, type Subscription, useLiveSocket } from '../../live/index.ts';
import { lobbyApi, useLobbyQuery } from '../api/lobby.ts';
import { isLobbyMessage, type LobbyAction, lobbyReducer } from '../lib/lobby.ts';

/** How long a seek waits for the socket to open as its new guest: past it, the seek goes anyway. */
const OPEN_WAIT_MS = 5000;

/** A thumbnail's game over: the lists that show it are read again. */
function refetchLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.liveGames(1).slice(0, 1) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.featuredGame });
}

/**
 * The page's one socket for the lobby and the thumbnails: with `lobby`, the tiles' counts and the
 * seeks (lobby:watch, its state read over HTTP first and while the socket is down); `gameIds`,
 * the games whose positions the thumbnails follow (games:watch). A game of the player's that
 * starts (game:start, or a seek of theirs found paired when the lobby is read again after a
 * reconnection) opens at once. Until `live`, neither the socket nor the lobby's read starts.
 */
export function useLobbySocket({
  lobby,
  gameIds,
  live = true,
}: {
  lobby: boolean;
  gameIds: readonly string[];
  live?: boolean;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [guestId, setGuestId] = useState(() => knownGuest()?.id ?? '');
  const identity = user?.id ?? guestId;
  const [state, dispatch] = useReducer(lobbyReducer, null);
  const [thumbs, setThumbs] = useState<Record<string, GameThumb>>({});
  /** The player's seeks as last known: one gone since may have been paired while the page was away. */
  const mine = useRef(new Set<string>());

  /** The player's game opens once, however many messages name it. */
  const started = useRef(false);
  const open = useCallback(
    (gameId: string) => {
      if (started.current) return;
      started.current = true;
      navigate(`/game/${gameId}`);
    },
    [navigate],
  );
  /** Seeks of the player's that ended: one that was paired names its game. */
  const followEnded = useCallback(
    (ids: string[]) => {
      for (const id of ids)
        lobbyApi
          .fate(id)
          .then((fate) => fate.gameId && fate.state !== 'cancelled' && open(fate.gameId))
          .catch(() => {}); // Unknown by now: nothing to open.
    },
    [open],
  );

  const apply = useCallback(
    (action: LobbyAction) => {
      dispatch(action);
      if (action.type === 'lobby:state') {
        const ended = [...mine.current].filter((id) => !action.mine.some((s) => s.id === id));
        mine.current = new Set(action.mine.map((s) => s.id));
        followEnded(ended);
      } else if (action.type === 'mine') mine.current.add(action.seek.id);
      else if (action.type === 'cancelled') mine.current.delete(action.seekId);
      // Its game:start is on its way; should it be lost, the seek's fate names the game.
      else if (action.type === 'lobby:unseek' && mine.current.delete(action.seekId))
        followEnded([action.seekId]);
    },
    [followEnded],
  );

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (isLobbyMessage(m)) return apply(m);
      switch (m.type) {
        case 'game:start':
          open(m.gameId);
          return;
        case 'game:fen': {
          const { type: _, ...thumb } = m;
          setThumbs((all) => ({ ...all, [m.gameId]: thumb }));
          if (m.over) refetchLists(queryClient);
          return;
        }
        case 'error':
          reportLiveError(m);
      }
    },
    [apply, open, queryClient],
  );

  const idsKey = gameIds.join(',');
  const subscriptions = useMemo<Subscription[] | null>(
    () =>
      live
        ? [
            ...(lobby ? [{ type: 'lobby:watch' } as const] : []),
            { type: 'games:watch', gameIds: idsKey ? idsKey.split(',') : [] },
          ]
        : null,
    [live, lobby, idsKey],
  );
  const { status } = useLiveSocket(subscriptions, onMessage, identity);

  // The lobby over HTTP: the first look (the socket's may come later) and while the socket is down.
  const polled = useLobbyQuery(lobby && live, status !== 'open');
  useEffect(() => {
    if (lobby && polled.data && status !== 'open') apply({ type: 'lobby:state', ...polled.data });
  }, [lobby, polled.data, status, apply]);

  // A seek made as a new guest waits for the socket that the game's start will reach.
  const waiters = useRef<{ identity: string; resolve: () => void }[]>([]);
  useEffect(() => {
    if (status !== 'open') return;
    const ready = waiters.current.filter((w) => w.identity === identity);
    waiters.current = waiters.current.filter((w) => w.identity !== identity);
    for (const w of ready) w.resolve();
  }, [status, identity]);
  const becomeGuest = useCallback(
    (id: string) =>
      new Promise<void>((resolve) => {
        if (id === identity) return resolve();
        waiters.current.push({ identity: id, resolve });
        setTimeout(resolve, OPEN_WAIT_MS);
        setGuestId(id);
      }),
    [identity],
  );

  /** The lobby could not be read yet (no answer over HTTP, the socket down): it is tried again. */
  const unreadable = lobby && state === null && polled.isError;
  return { status, lobby: state, unreadable, apply, open, thumbs, becomeGuest };
}
