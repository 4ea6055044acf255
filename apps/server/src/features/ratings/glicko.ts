import { RATING_START } from '@sbc/game';
import rate from 'glicko2-lite';

/** A Glicko-2 rating: the rating, its deviation and its volatility (docs/rules.md, "Ratings"). */
export interface Glicko {
  rating: number;
  deviation: number;
  volatility: number;
}

/** The system constant, as lichess sets it: how much the volatility may change. */
export const TAU = 0.75;
/** lichess's rating periods a day: how fast an idle player's deviation grows back. */
export const RATING_PERIODS_PER_DAY = 0.21436;
/** Glicko-2's scale: a rating point is 1/173.7178 on the scale the formulas work on. */
const SCALE = 173.7178;
const DAY_MS = 86_400_000;

/**
 * The deviation of a rating last updated at `ratedAt`, grown with the time since: each rating
 * period adds the volatility's variance (Glicko-2, step 6, over `periods`). Every game is its own
 * rating period, as on lichess, so that a rating moves at once; a period is a game, not a span of
 * time, and without this growth a player back after a year would count as sure as one who played
 * yesterday. lichess's 0.21436 periods a day bring the deviation back up at its pace; 350, a new
 * player's, is the most.
 */
export function idleDeviation(glicko: Glicko, ratedAt: Date, now: Date): number {
  const periods = (Math.max(0, now.getTime() - ratedAt.getTime()) / DAY_MS) * RATING_PERIODS_PER_DAY;
  const phi = glicko.deviation / SCALE;
  const grown = SCALE * Math.sqrt(phi ** 2 + periods * glicko.volatility ** 2);
  return Math.min(RATING_START.deviation, grown);
}

/**
 * One rating period of Glicko-2 (glicko2-lite): the player's rating after games against
 * `opponents`, each with the player's score (1 a win, 0.5 a draw, 0 a loss).
 */
export function glicko2(player: Glicko, opponents: [Glicko, number][], tau = TAU): Glicko {
  const after = rate(
    player.rating,
    player.deviation,
    player.volatility,
    opponents.map(([o, score]) => [o.rating, o.deviation, score]),
    { rating: RATING_START.rating, tau },
  );
  return { rating: after.rating, deviation: after.rd, volatility: after.vol };
}
