/** The match's figures: Elo from a score with its 95 % margin, and the ladder's fitted rating. */

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  elo: number;
  /** Half the width of the 95 % interval. */
  margin: number;
  /** '≥' or '≤' when every game was won or lost: the Elo is then only a bound. */
  bound: '' | '≥' | '≤';
}

const Z95 = 1.96;

/** Elo difference of a score share, clamped half a game inside 0 and 1 so that it stays finite. */
const eloOf = (share: number, games: number): number => {
  const p = Math.min(Math.max(share, 0.5 / games), 1 - 0.5 / games);
  return -400 * Math.log10(1 / p - 1);
};

/**
 * The Elo difference the score says, with the 95 % margin from the per-game variance of the
 * score (draws narrow it), mapped through the Elo curve.
 */
export function eloEstimate({ wins, draws, losses }: Tally): EloEstimate {
  const n = wins + draws + losses;
  const mean = (wins + draws / 2) / n;
  const variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n;
  const error = Math.sqrt(variance / n);
  const margin = (eloOf(mean + Z95 * error, n) - eloOf(mean - Z95 * error, n)) / 2;
  return { elo: eloOf(mean, n), margin, bound: mean === 1 ? '≥' : mean === 0 ? '≤' : '' };
}

/** `+191 ± 120`, or a bound without margin (`≥ +191`); `signed` for differences. */
export const formatElo = ({ elo, margin, bound }: EloEstimate, signed = true): string => {
  const value = `${signed && elo >= 0 ? '+' : ''}${elo.toFixed(0)}`;
  return bound ? `${bound} ${value}` : `${value} ± ${margin.toFixed(0)}`;
};

/** One rung of a ladder: the opponent's rating and what was scored against it. */
export interface Rung extends Tally {
  rating: number;
}

const expected = (rating: number, opponent: number): number => 1 / (1 + 10 ** ((opponent - rating) / 400));

/**
 * The one rating that best explains all games against opponents of known ratings (maximum
 * likelihood, a draw counting as half a win and half a loss), with its 95 % margin from the
 * Fisher information. With every game won (lost) there is no maximum: the answer is then a bound
 * 400 above the top rung (below the bottom one).
 */
export function fitRating(rungs: readonly Rung[]): EloEstimate {
  const games = rungs.filter((r) => r.wins + r.draws + r.losses > 0);
  if (games.length === 0) throw new Error('no games to fit a rating to');
  const ratings = games.map((r) => r.rating);
  const low = Math.min(...ratings) - 400;
  const high = Math.max(...ratings) + 400;
  const points = games.reduce((s, r) => s + r.wins + r.draws / 2, 0);
  const total = games.reduce((s, r) => s + r.wins + r.draws + r.losses, 0);
  // The likelihood's slope is the score minus its expectation: it falls as the rating rises.
  const slope = (rating: number): number =>
    games.reduce((s, r) => {
      const n = r.wins + r.draws + r.losses;
      return s + r.wins + r.draws / 2 - n * expected(rating, r.rating);
    }, 0);
  let elo: number;
  let bound: EloEstimate['bound'] = '';
  if (points === total) [elo, bound] = [high, '≥'];
  else if (points === 0) [elo, bound] = [low, '≤'];
  else {
    let [lo, hi] = [low - 2000, high + 2000];
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      if (slope(mid) > 0) lo = mid;
      else hi = mid;
    }
    elo = (lo + hi) / 2;
  }
  const information = games.reduce((s, r) => {
    const e = expected(elo, r.rating);
    return s + (r.wins + r.draws + r.losses) * e * (1 - e);
  }, 0);
  const margin = (Z95 * 400) / Math.LN10 / Math.sqrt(information);
  return { elo, margin, bound };
}
