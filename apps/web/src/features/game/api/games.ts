import type { GameActionResponse, GameIntention, GameResponse, MoveIntention } from '@sbc/api';
import { type QueryClient, usePrefetchQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** The query key of one game; the default fetcher turns it into GET /api/games/{id}. */
export const gameKey = (id: string) => ['/api/games', id] as const;

/** Loads a game before its screen renders (while the screen's code loads). */
export const prefetchGame = (client: QueryClient, id: string) =>
  client.prefetchQuery({ queryKey: gameKey(id) });
export const usePrefetchGame = (id: string) => usePrefetchQuery({ queryKey: gameKey(id) });

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
