import type { GameActionResponse, GameResponse, RoomPlayer, ServerMessage } from '@sbc/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { reportLiveError, useLiveSocket } from '../../live/index.ts';
import type { GameMessage } from '../lib/link.ts';

/** A rematch as this screen sees it: offered by this player, received, declined, or starting. */
export type Rematch = 'offered' | 'received' | 'declined' | 'starting' | null;

type Changed = Extract<ServerMessage, { state: GameResponse }>;
const changes = (m: ServerMessage, gameId: string): m is Changed => 'state' in m && m.gameId === gameId;

/**
 * An online game over the socket (docs/api.md §7): it follows the game, keeps the newest version of
 * it in the data cache, counts its spectators, knows which of the room's players are connected,
 * carries the player's intentions and the rematch, and goes to the next game when the room starts one.
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

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (changes(m, gameId)) {
        const held = queryClient.getQueryData<GameResponse>(key);
        if (!held || held.version <= m.version) queryClient.setQueryData(key, m.state);
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
    [gameId, key, me, queryClient, navigate],
  );
  const socket = useLiveSocket({ type: 'game:watch', gameId }, onMessage);
  const { request } = socket;

  /** An intention over the socket: settles with the first change of the game after the version held. */
  const send = useCallback(
    (message: GameMessage): Promise<GameActionResponse> | undefined => {
      const held = queryClient.getQueryData<GameResponse>(key)?.version ?? -1;
      return request(message, (m) => changes(m, gameId) && m.version > held)?.then((m) => {
        const { state } = m as Changed;
        return { ...state, message: m.type === 'game:move' ? m.message : null };
      });
    },
    [request, queryClient, key, gameId],
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
