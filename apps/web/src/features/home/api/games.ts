import type { ChangePasswordRequest, GameResponse, GameStatistics, GameSummary, MoveRecord } from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The home dialog's password change (the settings page uses PATCH /api/user/password). */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<{ success: true; message: string }>('POST', '/api/change-password', body);

export { createGame } from '../../game/index.ts';

/** The user's games (GET /api/games). */
export const useGames = () => useQuery<GameSummary[]>({ queryKey: queryKeys.games });

/** The statistics entity (GET /api/games/statistics). */
export const useStatistics = () => useQuery<GameStatistics>({ queryKey: queryKeys.statistics });

/** One game's moves, fetched while its details are open (never without an id). */
export const useMoves = (id: string | null) =>
  useQuery<MoveRecord[]>({ queryKey: queryKeys.moves(id ?? ''), enabled: id !== null });

/** One whole game (for the replay board), fetched while its details are open (never without an id). */
export const useGame = (id: string | null) =>
  useQuery<GameResponse>({ queryKey: queryKeys.game(id ?? ''), enabled: id !== null });
