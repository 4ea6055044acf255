import {
  FollowedGame,
  type GameActionResponse,
  type GameResponse,
  type MoveFrame,
  type RoomPlayer,
  type ServerMessage,
} from '@sbc/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, LiveError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { reportLiveError, useLiveSocket } from '../../live/index.ts';
import type { GameMessage } from '../lib/link.ts';

/** A rematch as this screen sees it: offered by this player, received, declined, or starting. */
export type Rematch = 'offered' | 'received' | 'declined' | 'starting' | null;

type Changed = Extract<ServerMessage, { state: GameResponse }>;
const changes = (m: ServerMessage, gameId: string): m is Changed => 'state' in m && m.gameId === gameId;
const isFrame = (m: ServerMessage, gameId: string): m is MoveFrame =>
  m.type === 'game:move' && m.gameId === gameId;

/**
 * An online game over the socket (docs/api.md §7): it follows the game, keeps the newest version of
 * it in the data cache (a move frame played on the rules' copy, a full state taken as it comes; a
 * missed version, or a copy that parted from the server's, asks for the game), counts its
 * spectators, knows which of the room's players are connected, carries the player's intentions and
 * the rematch, and goes to the next game when the room starts one.
 */
export function useLiveGame(gameId: string, me: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = queryKeys.game(gameId);
  const [spectators, setSpectators] = useState(0);
  const [players, setPlayers] = useState<RoomPlayer[]>([]);
  const [rematch, setRematch] = useState<Rematch>(null);
  /** The refusal of the game itself (it is unknown, or not one to watch), before any state came. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The game as the socket's frames left it; null until a full state came (socket or HTTP). */
  const follower = useRef<FollowedGame | null>(null);
  /** The last frame applied, with the message of its move: the answer to the mover's `send`. */
  const applied = useRef<GameActionResponse | null>(null);
  /** The game:sync under way: one at a time, until its answer comes. */
  const syncing = useRef<Promise<GameResponse> | null>(null);

  /** The follower, brought to the cached state when that is newer (an HTTP read or answer). */
  const followed = useCallback((): FollowedGame | null => {
    const held = queryClient.getQueryData<GameResponse>(key);
    if (held && !follower.current) follower.current = FollowedGame.from(held);
    else if (held && follower.current && held.version > follower.current.state.version)
      follower.current.reset(held);
    return follower.current;
  }, [queryClient, key]);

  const socket = useLiveSocket({ type: 'game:watch', gameId }, (m) => onMessage(m));
  const { request } = socket;

  /** Asks for the game as it is now; a request already under way is the answer for this one too. */
  const sync = useCallback((): Promise<GameResponse> | undefined => {
    const version = follower.current?.state.version ?? 0;
    syncing.current ??=
      request({ type: 'game:sync', gameId, version }, (m) => changes(m, gameId))
        ?.then((m) => (m as Changed).state)
        .finally(() => {
          syncing.current = null;
        }) ?? null;
    return syncing.current ?? undefined;
  }, [request, gameId]);

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (changes(m, gameId)) {
        const held = followed();
        if (!held) follower.current = FollowedGame.from(m.state);
        if (!held || held.reset(m.state)) queryClient.setQueryData(key, m.state);
        return;
      }
      if (isFrame(m, gameId)) {
        const result = followed()?.apply(m);
        if (result?.kind === 'applied') {
          applied.current = result.state;
          queryClient.setQueryData(key, follower.current?.state);
        } else if (result?.kind !== 'stale') void sync()?.catch(() => {}); // a refusal: the next frame asks again
        return;
      }
      switch (m.type) {
        case 'error':
          if (queryClient.getQueryData(key)) reportLiveError(m);
          else setRefusal(m.message);
          return;
        case 'room:state':
        case 'room:update':
        case 'room:player_joined':
        case 'room:player_left':
          if (m.type === 'room:player_left') toast({ title: `${m.playerName} left the room` });
          if (m.room.gameId === gameId) {
            setSpectators(m.room.spectators);
            setPlayers(m.room.players);
          }
          return;
        case 'game:spectators':
          if (m.gameId === gameId) setSpectators(m.count);
          return;
        case 'game:rematch_offered':
          setRematch(m.offeredBy === me ? 'offered' : 'received');
          if (m.offeredBy !== me)
            toast({ title: 'Rematch Offered', description: 'Your opponent wants a rematch' });
          return;
        case 'game:rematch_declined':
          setRematch('declined');
          if (m.declinedBy !== me) toast({ title: 'Rematch Declined' });
          return;
        case 'game:start':
          if (m.gameId === gameId) return;
          toast({ title: 'Game Started!' });
          navigate(`/game/${m.gameId}`);
      }
    },
    [gameId, key, me, queryClient, navigate, followed, sync],
  );

  /**
   * An intention over the socket: settles with the first change of the game after the version held,
   * a frame as the follower applied it (with its move's message), or the game asked for after it.
   */
  const send = useCallback(
    (message: GameMessage): Promise<GameActionResponse> | undefined => {
      const held = queryClient.getQueryData<GameResponse>(key)?.version ?? -1;
      const answers = (m: ServerMessage) => (changes(m, gameId) || isFrame(m, gameId)) && m.version > held;
      return request(message, answers)?.then(async (m) => {
        if (!isFrame(m, gameId)) return { ...(m as Changed).state, message: null };
        // The frame went to onMessage before this runs: applied, or a game:sync sent for it.
        if (applied.current?.version === m.version) return applied.current;
        const synced = await sync();
        if (!synced) throw new LiveError('The connection was lost', 'disconnected');
        return { ...synced, message: null };
      });
    },
    [request, queryClient, key, gameId, sync],
  );

  const failed = (error: unknown) => {
    setRematch(null);
    toast({ title: 'Error', description: errorMessage(error, 'Failed to connect'), variant: 'destructive' });
  };
  const offerRematch = () => {
    setRematch('offered');
    request(
      { type: 'game:rematch_offer', gameId },
      (m) => m.type === 'game:rematch_offered' || m.type === 'game:start',
    )?.catch(failed);
  };
  const answerRematch = (accept: boolean) => {
    setRematch(accept ? 'starting' : null);
    request({ type: 'game:rematch_respond', gameId, accept }, (m) =>
      accept ? m.type === 'game:start' : m.type === 'game:rematch_declined',
    )?.catch(failed);
  };

  return { status: socket.status, send, spectators, players, refusal, rematch, offerRematch, answerRematch };
}
