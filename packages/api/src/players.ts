/**
 * Profiles and leaderboards (docs/api.md, "Ratings and profiles"): public to everyone; nothing
 * private of an account (email, phone, names) is in these answers.
 */
import { z } from 'zod';
import { Page, PageQuery } from './common.ts';
import { GameSummary } from './games.ts';
import { Speed } from './lobby.ts';

// ---- Profiles: /@/{username} ----

/** `GET /api/players/{username}` params (any case). */
export const PlayerParams = z.object({ username: z.string().min(1).max(100) });

/** One speed category of a profile; absent from `ratings` until the player has a rated game in it. */
export const ProfileRating = z.object({
  speed: Speed,
  rating: z.int(),
  deviation: z.int(),
  provisional: z.boolean(),
  /** Rated games played in this category. */
  games: z.int().min(0),
  /** The sum of the changes of the last 12 rated games in it (lichess's 'progress'). */
  progress: z.int(),
});
export type ProfileRating = z.infer<typeof ProfileRating>;

/** `GET /api/players/{username}`: the public profile. */
export const Profile = z.object({
  username: z.string(),
  /** ISO date the account was made. */
  createdAt: z.string(),
  /** An admin marked the account as violating the terms (engine assistance): said on the profile. */
  tosViolation: z.boolean(),
  ratings: z.array(ProfileRating),
  /** Every finished game with a result, as the player's own: online games, rated or not. */
  counts: z.object({
    played: z.int().min(0),
    won: z.int().min(0),
    lost: z.int().min(0),
    drawn: z.int().min(0),
  }),
  /** The player's live online game, to watch; null when none. */
  playing: z.object({ gameId: z.string() }).nullable(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * `GET /api/players/{username}/ratings`: each category's rating at the end of each day with a rated
 * game in it (its last game's), oldest first: one point a day, as lichess's chart.
 */
export const RatingPoint = z.object({ at: z.number(), rating: z.int() });
export const RatingHistory = z.array(z.object({ speed: Speed, points: z.array(RatingPoint) }));
export type RatingHistory = z.infer<typeof RatingHistory>;

/** `GET /api/players/{username}/games?page=&pageSize=`: the player's online games, newest first (10 a page unless asked). */
export const PLAYER_GAMES_PAGE_SIZE = 10;
export const PlayerGamesQuery = PageQuery.extend({
  pageSize: PageQuery.shape.pageSize.unwrap().default(PLAYER_GAMES_PAGE_SIZE),
});
export const PlayerGamePage = Page(GameSummary);
export type PlayerGamePage = z.infer<typeof PlayerGamePage>;

// ---- Leaderboards: /players ----

/** The leaderboards list the top 100 of players with enough recent rated games. */
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_MIN_GAMES = 20;
export const LEADERBOARD_ACTIVE_DAYS = 30;

export const LeaderboardEntry = z.object({
  username: z.string(),
  rating: z.int(),
  /** The sum of the changes of the player's last 12 rated games in the category. */
  progress: z.int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

/** `GET /api/leaderboards`: every category's top players, best first. */
export const Leaderboards = z.array(z.object({ speed: Speed, players: z.array(LeaderboardEntry) }));
export type Leaderboards = z.infer<typeof Leaderboards>;

// ---- Admin ----

/** `POST /api/admin/users/tos-violation`: marks an account (or clears the mark); audited. */
export const TosViolationRequest = z.object({
  userId: z.string().min(1, 'userId is required').max(100, 'Unknown user'),
  tosViolation: z.boolean({ error: 'tosViolation must be true or false' }),
});
export type TosViolationRequest = z.infer<typeof TosViolationRequest>;
