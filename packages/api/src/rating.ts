/** Ratings as every call shows them beside a name (docs/api.md, "Ratings and profiles"). */
import { z } from 'zod';

/** A rating as shown beside a name: rounded, and whether it is provisional ('1500?'). */
export const PlayerRating = z.object({ rating: z.int(), provisional: z.boolean() });
export type PlayerRating = z.infer<typeof PlayerRating>;

/**
 * A player's rating in a game: as it stood when the game started, and once a rated game has
 * ended, the change it made (null until then, and always in a casual game).
 */
export const GameRating = PlayerRating.extend({ diff: z.int().nullable() });
export type GameRating = z.infer<typeof GameRating>;

/** A seek's rating range, relative to the seeker's rating in its speed (lichess's '-500/+500'). */
export const RATING_RANGE_MAX = 800;
export const RatingRange = z
  .strictObject({
    below: z.int().min(0).max(RATING_RANGE_MAX),
    above: z.int().min(0).max(RATING_RANGE_MAX),
  })
  .describe('Accepts opponents from rating - below to rating + above');
export type RatingRange = z.infer<typeof RatingRange>;
