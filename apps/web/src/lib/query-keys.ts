import type { QueryParams } from './http.ts';

/** The admin panel's paged lists, each at `/api/admin/<name>` (docs/api.md §4 and §6). */
export type AdminList =
  | 'users'
  | 'online-users'
  | 'playing-users'
  | 'games'
  | 'sponsorships'
  | 'feedback'
  | 'audit';

/**
 * Every query key of the app. The default fetcher GETs a key's segments joined with '/', a last
 * object segment being the query string (lib/http.ts), so each key spells its URL.
 */
export const queryKeys = {
  /** The signed-in user, null when signed out. */
  session: ['/api/user'] as const,
  /**
   * A page of the user's games (its number, cursor and mode: docs/api.md §5); without `params`, a
   * prefix of all the pages, for invalidation, which the games under it (a string segment) escape.
   */
  games: (params: QueryParams = {}) => ['/api/games', params] as const,
  game: (id: string) => ['/api/games', id] as const,
  moves: (id: string) => ['/api/games', id, 'moves'] as const,
  statistics: ['/api/games/statistics'] as const,
  /** A room by its code (GET needs no session). */
  room: (code: string) => ['/api/rooms', code] as const,
  /** The lobby's tiles, open seeks and the caller's own (no session needed). */
  lobby: ['/api/lobby'] as const,
  /** A page of the live online games anyone may watch (no session needed). */
  liveGames: (page: number) => ['/api/games/live', { page }] as const,
  /** The featured live game, or none (no session needed). */
  featuredGame: ['/api/games/featured'] as const,
  /** A player's public profile, rating history and a page of games (no session needed). */
  players: {
    profile: (username: string) => ['/api/players', encodeURIComponent(username)] as const,
    ratings: (username: string) => ['/api/players', encodeURIComponent(username), 'ratings'] as const,
    games: (username: string, params: QueryParams) =>
      ['/api/players', encodeURIComponent(username), 'games', params] as const,
  },
  /** Every category's top players (no session needed). */
  leaderboards: ['/api/leaderboards'] as const,
  /** The public feedback threads with their replies (no session needed). */
  feedback: ['/api/feedback/with-replies'] as const,
  /** Whether maintenance is on, for every page's banner (no session needed). */
  maintenance: ['/api/maintenance'] as const,
  admin: {
    stats: ['/api/admin/stats'] as const,
    system: ['/api/admin/system'] as const,
    /**
     * A page of a list (its number, and the games' page cursor: docs/api.md §4); without `params`,
     * a prefix of all its pages and searches (an empty object matches any), for invalidation.
     */
    list: (name: AdminList, params: QueryParams = {}) => [`/api/admin/${name}`, params] as const,
  },
};
