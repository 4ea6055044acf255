/**
 * Every query key of the app. The default fetcher GETs a key's segments joined with '/'
 * (lib/http.ts), so each key spells its URL.
 */
export const queryKeys = {
  /** The signed-in user, null when signed out. */
  session: ['/api/user'] as const,
  /** The user's games; the games under it share its first segment, so invalidate it `exact`. */
  games: ['/api/games'] as const,
  game: (id: string) => ['/api/games', id] as const,
  moves: (id: string) => ['/api/games', id, 'moves'] as const,
  statistics: ['/api/games/statistics'] as const,
  /** A room by its code (GET needs no session). */
  room: (code: string) => ['/api/rooms', code] as const,
};
