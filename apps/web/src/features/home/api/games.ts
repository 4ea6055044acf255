import type { ChangePasswordRequest, GamePage, GameResponse, GameStatistics, MoveRecord } from '@sbc/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryParams } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The home dialog's password change (the settings page uses PATCH /api/user/password). */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<{ success: true; message: string }>('POST', '/api/change-password', body);

export { createGame } from '../../game/index.ts';

/** A page of the user's games (GET /api/games); the page shown stays while the next one loads. */
export const useGames = (params: QueryParams) =>
  useQuery<GamePage>({ queryKey: queryKeys.games(params), placeholderData: keepPreviousData });

/** The statistics entity (GET /api/games/statistics). */
export const useStatistics = () => useQuery<GameStatistics>({ queryKey: queryKeys.statistics });

/** One game's moves, fetched while its details are open (never without an id). */
export const useMoves = (id: string | null) =>
  useQuery<MoveRecord[]>({ queryKey: queryKeys.moves(id ?? ''), enabled: id !== null });

/** One whole game (for the replay board), fetched while its details are open (never without an id). */
export const useGame = (id: string | null) =>
  useQuery<GameResponse>({ queryKey: queryKeys.game(id ?? ''), enabled: id !== null });
