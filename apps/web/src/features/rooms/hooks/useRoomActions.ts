import type { Room } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, isUnauthorized } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { rememberGuest } from '../../live/index.ts';
import { isRoomFull, roomsApi } from '../api/rooms.ts';

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorized(error))
    toast({ title, description: errorMessage(error, '') || undefined, variant: 'destructive' });
};

/** POST /api/rooms: 'Room Created' with its code; a visitor sits down as a guest. */
export function useCreateRoom(onCreated: (room: Room) => void) {
  return useMutation({
    mutationFn: ({ displayName }: { displayName?: string }) =>
      roomsApi.create(displayName ? { displayName } : undefined),
    onSuccess: (room, { displayName }) => {
      if (!room?.code) {
        toast({ title: 'Room created but code not found', variant: 'destructive' });
        return;
      }
      if (displayName) rememberGuest(displayName, room, true);
      toast({ title: 'Room Created', description: `Room code: ${room.code}` });
      onCreated(room);
    },
    onError: failed('Failed to create room'),
  });
}

/** POST /api/rooms/join: 'Joined Room'; a full room is no failure but the offer to watch its game (`onFull`). */
export function useJoinRoom({
  onJoined,
  onFull,
}: {
  onJoined?: (room: Room) => void;
  onFull?: (code: string) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomCode, guestName }: { roomCode: string; guestName?: string }) =>
      roomsApi.join(guestName ? { roomCode, guestName } : { roomCode }),
    onSuccess: (room, { guestName }) => {
      if (guestName) rememberGuest(guestName, room);
      queryClient.setQueryData(queryKeys.room(room.code), room);
      toast({ title: 'Joined Room' });
      onJoined?.(room);
    },
    onError: (error, { roomCode, guestName }) => {
      if (!isRoomFull(error)) return failed('Failed to join room')(error);
      // The refusal still gave a visitor their guest cookie, with which they may watch.
      if (guestName) rememberGuest(guestName);
      void queryClient.invalidateQueries({ queryKey: queryKeys.room(roomCode) });
      onFull?.(roomCode);
    },
  });
}

/** POST /api/rooms/{code}/leave: 'Left Room', then home. */
export function useLeaveRoom(code: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => roomsApi.leave(code),
    onSuccess: () => {
      toast({ title: 'Left Room' });
      navigate('/');
    },
    onError: failed('Failed to leave room'),
  });
}
