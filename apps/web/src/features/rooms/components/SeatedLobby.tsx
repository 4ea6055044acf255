import type { Room, RoomTimeControlRequest, ServerMessage } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Choice } from '../../../components/Choice.tsx';
import { TimeControlPicker } from '../../../components/TimeControlPicker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { timeControlLabel } from '../../../lib/clock.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ConnectionBadge, reportLiveError, useLiveSocket } from '../../live/index.ts';
import { roomsApi } from '../api/rooms.ts';

/** A room needs two players (docs/architecture.md §7). */
export const ROOM_SIZE = 2;
/**
 * The full room shows 'Starting game...' this long before its game: the one whose join started
 * it reads 'Joined Room' meanwhile, which 'Game Started!' would hide at once (one toast at a time).
 */
export const GAME_START_PAUSE_MS = 1500;

const Badge = ({ children, tone }: { children: React.ReactNode; tone: 'amber' | 'slate' }) => (
  <span
    className={cn(
      'rounded px-1.5 py-0.5 text-xs font-semibold',
      tone === 'amber' ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700',
    )}
  >
    {children}
  </span>
);

/** 'Rated', or why the game will be casual: the host's choice, or a guest in the room. */
function modeText(room: Room): string {
  if (!room.rated) return 'Casual';
  return room.players.some((p) => p.isGuest) ? 'Casual (a guest plays no rated game)' : 'Rated';
}

/**
 * The lobby of a player seated in the room: its code, the connection, the host's time control,
 * Rated or Casual (a signed-in host's, on a clock or by correspondence) and colour while the second
 * seat is free, the players, the time control and whether it is rated; at two players the game
 * starts and both go to it. Leaving closes the socket: the room's news, the leaver's own departure
 * included, is no longer theirs.
 */
export function SeatedLobby({
  room,
  me,
  leaving,
  onLeave,
}: {
  room: Room;
  me: string | null;
  leaving: boolean;
  onLeave: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { code } = room;
  const started = useRef(false);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = useCallback(
    (gameId: string) => {
      if (started.current) return;
      started.current = true;
      pause.current = setTimeout(() => {
        toast({ title: 'Game Started!' });
        navigate(`/game/${gameId}`);
      }, GAME_START_PAUSE_MS);
    },
    [navigate],
  );
  useEffect(() => () => clearTimeout(pause.current), []);
  // Set at the click too, before the leave renders: news that comes meanwhile is dropped as well.
  const quiet = useRef(leaving);
  quiet.current = leaving;
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (quiet.current) return;
      if ('room' in message) queryClient.setQueryData(queryKeys.room(code), message.room);
      if (message.type === 'room:player_left') toast({ title: `${message.playerName} left the room` });
      if (message.type === 'game:start') start(message.gameId);
      if (message.type === 'error') reportLiveError(message);
    },
    [queryClient, code, start],
  );
  const displayName = room.players.find((p) => p.id === me)?.name;
  const { status } = useLiveSocket(leaving ? null : { type: 'room:join', code, displayName }, onMessage);
  // The 5-s poll finds the game too, should the socket have missed its start.
  useEffect(() => {
    if (room.status === 'playing' && room.gameId) start(room.gameId);
  }, [room.status, room.gameId, start]);

  const color = useMutation({
    mutationFn: (hostIsWhite: 0 | 1) => roomsApi.color(code, { hostIsWhite }),
    onSuccess: (next) => queryClient.setQueryData(queryKeys.room(code), next),
    onError: (e) =>
      toast({
        title: 'Failed to update color preference',
        description: errorMessage(e, '') || undefined,
        variant: 'destructive',
      }),
  });
  const timeControl = useMutation({
    mutationFn: (request: RoomTimeControlRequest) => roomsApi.timeControl(code, request),
    onSuccess: (next) => queryClient.setQueryData(queryKeys.room(code), next),
    onError: (e) =>
      toast({
        title: 'Failed to update the time control',
        description: errorMessage(e, '') || undefined,
        variant: 'destructive',
      }),
  });
  const leave = () => {
    quiet.current = true;
    clearTimeout(pause.current);
    onLeave();
  };

  const host = room.hostUserId === me;
  const waiting = room.players.length < ROOM_SIZE;
  // Only a signed-in host may ask for a rated game, and only on a clock or by correspondence.
  const signedInHost = host && room.players.some((p) => p.id === me && !p.isGuest);
  const shown = timeControl.isPending ? timeControl.variables : room;
  const ratable = signedInHost && shown.timeControl.kind !== 'untimed';
  const choose = (request: Partial<RoomTimeControlRequest>) => {
    const next = { timeControl: shown.timeControl, rated: shown.rated ?? room.rated, ...request };
    timeControl.mutate(
      signedInHost
        ? { ...next, rated: next.rated && next.timeControl.kind !== 'untimed' }
        : { timeControl: next.timeControl },
    );
  };
  const connected = status === 'open';
  return (
    <main className="mx-auto w-full max-w-xl flex-1 space-y-4 px-4 py-8">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-slate-600">Room code</p>
            <h1 className="font-mono text-3xl font-bold tracking-widest text-slate-900">{code}</h1>
          </div>
          <div className="flex items-center gap-2">
            <ConnectionBadge connected={connected} />
            <Button variant="outline" size="sm" onClick={() => void copyText(code, 'Room code')}>
              Copy Code
            </Button>
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Send this code to your friend: they join it from Multiplayer.
        </p>
      </Card>
      {host && waiting && (
        <Card className="space-y-4">
          <TimeControlPicker value={shown.timeControl} onChange={(tc) => choose({ timeControl: tc })} />
          {ratable && (
            <Choice
              legend="Mode"
              name="rated"
              value={shown.rated ? 'rated' : 'casual'}
              onChange={(m) => choose({ rated: m === 'rated' })}
              options={[
                { value: 'casual', label: 'Casual' },
                { value: 'rated', label: 'Rated' },
              ]}
            />
          )}
          <Choice
            legend="Your colour"
            name="host-color"
            value={room.hostIsWhite ? 'white' : 'black'}
            onChange={(c) => color.mutate(c === 'white' ? 1 : 0)}
            options={[
              { value: 'white', label: 'White (moves first)' },
              { value: 'black', label: 'Black' },
            ]}
          />
        </Card>
      )}
      <Card title={`Players (${room.players.length}/${ROOM_SIZE})`}>
        <ul className="space-y-2">
          {room.players.map((p) => (
            <li key={p.id} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
              <span
                aria-hidden="true"
                className={cn('h-2.5 w-2.5 rounded-full', p.connected ? 'bg-emerald-500' : 'bg-slate-300')}
              />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                {p.name}
                {p.id === me && <span className="font-normal text-slate-500"> (you)</span>}
              </span>
              {p.isHost && <Badge tone="amber">Host</Badge>}
              {p.isGuest && <Badge tone="slate">Guest</Badge>}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-center text-sm text-slate-700">
          Time control: <span className="font-semibold">{timeControlLabel(room.timeControl)}</span>
        </p>
        <p className="mt-1 text-center text-sm text-slate-700">
          Mode: <span className="font-semibold">{modeText(room)}</span>
        </p>
        <p role="status" className="mt-1 text-center text-sm font-medium text-slate-700">
          {waiting ? 'Waiting for another player...' : 'Starting game...'}
        </p>
      </Card>
      <Button variant="outline" className="w-full" disabled={leaving} onClick={leave}>
        Leave Room
      </Button>
    </main>
  );
}
