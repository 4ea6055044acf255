import type {
  CreateGameRequest,
  GameActionResponse,
  GameIntention,
  GameResponse,
  MoveIntention,
} from '@sbc/api';
import { type QueryClient, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, HttpError, isUnauthorized } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Loads a game before its screen renders (while the screen's code loads). */
export const prefetchGame = (client: QueryClient, id: string) =>
  client.prefetchQuery({ queryKey: queryKeys.game(id) });
export const usePrefetchGame = (id: string) => usePrefetchQuery({ queryKey: queryKeys.game(id) });

/**
 * A screen that follows a game without its socket (a reader of one, a player whose socket is down)
 * asks for it every 2 s (docs/architecture.md §7).
 */
export const GAME_POLL_MS = 2000;

/** A game as the screen asks for it: retried up to 3 times, never after a 401 or 404 (docs/architecture.md §6). */
export const useGameQuery = (id: string, enabled = true) =>
  useQuery<GameResponse>({
    queryKey: queryKeys.game(id),
    enabled,
    retry: (count, error) =>
      !isUnauthorized(error) && !(error instanceof HttpError && error.status === 404) && count < 3,
  });

export const createGame = (body: CreateGameRequest) => apiRequest<GameResponse>('POST', '/api/games', body);

export const gamesApi = {
  move: (id: string, body: MoveIntention) =>
    apiRequest<GameActionResponse>('POST', `/api/games/${id}/moves`, body),
  intention: (id: string, body: GameIntention) =>
    apiRequest<GameActionResponse>('PATCH', `/api/games/${id}`, body),
  resign: (id: string) => apiRequest<GameActionResponse>('POST', `/api/games/${id}/resign`),
  requestDraw: (id: string) => apiRequest<GameActionResponse>('POST', `/api/games/${id}/draw/request`),
  respondToDraw: (id: string, accept: boolean) =>
    apiRequest<GameActionResponse>('POST', `/api/games/${id}/draw/respond`, { accept }),
  checkAbandoned: () => apiRequest<unknown>('POST', '/api/games/check-abandoned'),
};

export type { GameResponse };
