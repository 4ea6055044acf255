import {
  type Leaderboards,
  PLAYER_GAMES_PAGE_SIZE,
  type PlayerGamePage,
  type Profile,
  type RatingHistory,
} from '@sbc/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Ratings change with every rated game: these pages are asked afresh each time they open. */
const fresh = { refetchOnMount: 'always' } as const;

/** The public profile; its query's error is an `HttpError` 404 for an unknown player. */
export const useProfile = (username: string) =>
  useQuery<Profile>({ queryKey: queryKeys.players.profile(username), ...fresh });

export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

/** Each category's rating after each rated game, oldest first. */
export const useRatingHistory = (username: string) =>
  useQuery<RatingHistory>({ queryKey: queryKeys.players.ratings(username), ...fresh });

/** A page of the player's games, newest first; the page shown stays while the next one loads. */
export const usePlayerGames = (username: string, page: number) =>
  useQuery<PlayerGamePage>({
    queryKey: queryKeys.players.games(username, { page, pageSize: PLAYER_GAMES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useLeaderboards = () => useQuery<Leaderboards>({ queryKey: queryKeys.leaderboards, ...fresh });
