import type {
  CreateRoomRequest,
  JoinRoomRequest,
  LeaveRoomResponse,
  Room,
  RoomColorRequest,
  RoomTimeControlRequest,
} from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, HttpError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The lobby asks for its room every 5 s besides the socket's news (docs/architecture.md §7). */
export const ROOM_POLL_MS = 5000;

export const roomsApi = {
  create: (body?: CreateRoomRequest) => apiRequest<Room>('POST', '/api/rooms', body),
  join: (body: JoinRoomRequest) => apiRequest<Room>('POST', '/api/rooms/join', body),
  leave: (code: string) => apiRequest<LeaveRoomResponse>('POST', `/api/rooms/${code}/leave`),
  color: (code: string, body: RoomColorRequest) =>
    apiRequest<Room>('PATCH', `/api/rooms/${code}/color`, body),
  /** The host's time control while the second seat is free (403 for anyone else, 409 once full). */
  timeControl: (code: string, body: RoomTimeControlRequest) =>
    apiRequest<Room>('POST', `/api/rooms/${code}/time-control`, body),
};

/** A room, polled every 5 s (no session needed); an unknown code is not asked again. */
export const useRoom = (code: string) =>
  useQuery<Room>({
    queryKey: queryKeys.room(code),
    refetchInterval: (query) =>
      query.state.error instanceof HttpError && query.state.error.status === 404 ? false : ROOM_POLL_MS,
  });

/** A full room's refusal (docs/api.md §7): its lobby offers its game to watch instead. */
export const isRoomFull = (error: unknown): boolean =>
  error instanceof HttpError && error.json?.code === 'roomFull';
