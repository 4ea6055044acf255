import type {
  ChangePasswordRequest,
  CreateGameRequest,
  GameResponse,
  GameStatistics,
  GameSummary,
  MoveRecord,
} from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** The home dialog's password change (the settings page uses PATCH /api/user/password). */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<{ success: true; message: string }>('POST', '/api/change-password', body);

export const createGame = (body: CreateGameRequest) => apiRequest<GameResponse>('POST', '/api/games', body);

/** The user's games (GET /api/games). */
export const useGames = () => useQuery<GameSummary[]>({ queryKey: ['/api/games'] });

/** The statistics entity (GET /api/games/statistics). */
export const useStatistics = () => useQuery<GameStatistics>({ queryKey: ['/api/games/statistics'] });

/** One game's moves, fetched while its details are open. */
export const useMoves = (id: string | null) =>
  useQuery<MoveRecord[]>({ queryKey: ['/api/games', id, 'moves'], enabled: id !== null });

/** One whole game (for the replay board), fetched while its details are open. */
export const useGame = (id: string | null) =>
  useQuery<GameResponse>({ queryKey: ['/api/games', id], enabled: id !== null });
