import type { GameActionResponse, GameIntention, GameResponse, MoveIntention } from '@sbc/api';
import { type QueryClient, usePrefetchQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Loads a game before its screen renders (while the screen's code loads). */
export const prefetchGame = (client: QueryClient, id: string) =>
  client.prefetchQuery({ queryKey: queryKeys.game(id) });
export const usePrefetchGame = (id: string) => usePrefetchQuery({ queryKey: queryKeys.game(id) });

export const gamesApi = {
  move: (id: string, body: MoveIntention) =>
    apiRequest<GameActionResponse>('POST', `/api/games/${id}/moves`, body),
  intention: (id: string, body: GameIntention) =>
    apiRequest<GameActionResponse>('PATCH', `/api/games/${id}`, body),
  resign: (id: string) => apiRequest<GameActionResponse>('POST', `/api/games/${id}/resign`),
  requestDraw: (id: string) => apiRequest<GameActionResponse>('POST', `/api/games/${id}/draw/request`),
  checkAbandoned: () => apiRequest<unknown>('POST', '/api/games/check-abandoned'),
};

export type { GameResponse };
