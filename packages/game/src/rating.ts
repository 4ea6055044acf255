/**
 * Glicko-2 as lichess rates (docs/rules.md, "Ratings"): every player starts at 1500 with a
 * deviation of 350 and a volatility of 0.06, one rating per speed category (`speedOf`: an untimed
 * game has none and is never rated).
 */
export const RATING_START = { rating: 1500, deviation: 350, volatility: 0.06 } as const;

/** A rating whose deviation is above this is provisional, shown with a '?' (lichess's 110). */
export const PROVISIONAL_DEVIATION = 110;

export const isProvisional = (deviation: number): boolean => deviation > PROVISIONAL_DEVIATION;

/** A rating as shown: rounded, with '?' while provisional ('1500?'). */
export const formatRating = (rating: number, provisional: boolean): string =>
  `${Math.round(rating)}${provisional ? '?' : ''}`;

/** A rating change as shown: '+12', '-12', '0'. */
export const formatRatingDiff = (diff: number): string => (diff > 0 ? `+${diff}` : `${diff}`);
