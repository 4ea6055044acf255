import type {
  CurrentGame,
  FeaturedGameResponse,
  LobbyPlayer,
  LobbyState,
  Page,
  SeekFate,
  SeekRequest,
  SeekResponse,
} from '@sbc/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The current games are read again this often besides the socket's news (a game starts unseen). */
export const LIVE_GAMES_POLL_MS = 5000;
/** The featured game likewise: another may have more spectators now. */
export const FEATURED_POLL_MS = 15_000;
/** The lobby is read this often while its socket is down. */
export const LOBBY_POLL_MS = 5000;

export const lobbyApi = {
  /** A visitor becomes a guest named so (the rooms' guest cookie): the answer names the guest. */
  guest: (displayName: string) => apiRequest<LobbyPlayer>('POST', '/api/guest', { displayName }),
  seek: (body: SeekRequest) => apiRequest<SeekResponse>('POST', '/api/lobby/seeks', body),
  /** What the seek became: cancelled, or paired an instant before (with its game). */
  cancel: (id: string) => apiRequest<SeekFate>('DELETE', `/api/lobby/seeks/${id}`),
  accept: (id: string) => apiRequest<SeekResponse>('POST', `/api/lobby/seeks/${id}/accept`),
  fate: (id: string) => apiRequest<SeekFate>('GET', `/api/lobby/seeks/${id}`),
};

/** The lobby by HTTP (when `enabled`): the first look, and every 5 s while the socket is down (`poll`). */
export const useLobbyQuery = (enabled: boolean, poll: boolean) =>
  useQuery<LobbyState>({ queryKey: queryKeys.lobby, enabled, refetchInterval: poll ? LOBBY_POLL_MS : false });

/** A page of the live games, read every 5 s; the page shown stays while the next one loads. */
export const useLiveGames = (page: number) =>
  useQuery<Page<CurrentGame>>({
    queryKey: queryKeys.liveGames(page),
    refetchInterval: LIVE_GAMES_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const useFeaturedGame = (enabled = true) =>
  useQuery<FeaturedGameResponse>({
    queryKey: queryKeys.featuredGame,
    refetchInterval: FEATURED_POLL_MS,
    enabled,
  });
