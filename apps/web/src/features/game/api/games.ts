import type { GameActionResponse, GameIntention, GameResponse, MoveIntention } from '@sbc/api';
import { apiRequest } from '../../../lib/http.ts';

/** The query key of one game; the default fetcher turns it into GET /api/games/{id}. */
export const gameKey = (id: string) => ['/api/games', id] as const;

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
