import { formatRating, isProvisional, RATING_START, speedOf } from '@sbc/game';
import { describe, expect, it } from 'vitest';
import { glicko2, idleDeviation, RATING_PERIODS_PER_DAY } from '../src/features/ratings/glicko.ts';
import { shownRating } from '../src/features/ratings/store.ts';

const DAY_MS = 86_400_000;

describe('Glicko-2', () => {
  it("gives the paper's example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0", () => {
    // Glickman, "Example of the Glicko-2 system", with its system constant 0.5; the paper rounds
    // (1464.06 / 151.52 / 0.05999 against 1464.05 / 151.52 / 0.059996 unrounded).
    const after = glicko2(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        [{ rating: 1400, deviation: 30, volatility: 0.06 }, 1],
        [{ rating: 1550, deviation: 100, volatility: 0.06 }, 0],
        [{ rating: 1700, deviation: 300, volatility: 0.06 }, 0],
      ],
      0.5,
    );
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('moves two new players by the same amount, the winner up and the loser down', () => {
    const winner = glicko2(RATING_START, [[RATING_START, 1]]);
    const loser = glicko2(RATING_START, [[RATING_START, 0]]);
    expect(winner.rating - 1500).toBeGreaterThan(100);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(glicko2(RATING_START, [[RATING_START, 0.5]]).rating).toBeCloseTo(1500, 6);
    expect(winner.deviation).toBeLessThan(350);
  });

  it("grows an idle player's deviation at lichess's 0.21436 periods a day, to 350 at most", () => {
    const rated = { rating: 1800, deviation: 60, volatility: 0.06 };
    const at = new Date('2026-01-01T00:00:00Z');
    expect(idleDeviation(rated, at, at)).toBeCloseTo(60, 9);
    const days = 100;
    const grown = idleDeviation(rated, at, new Date(at.getTime() + days * DAY_MS));
    // On the Glicko-2 scale: phi² + periods · sigma².
    const phi = Math.sqrt((60 / 173.7178) ** 2 + days * RATING_PERIODS_PER_DAY * 0.06 ** 2) * 173.7178;
    expect(grown).toBeCloseTo(phi, 9);
    expect(grown).toBeGreaterThan(60);
    expect(idleDeviation(rated, at, new Date(at.getTime() + 100_000 * DAY_MS))).toBe(350);
  });
});

describe('the provisional mark', () => {
  it("is on while the deviation is above 110, shown with a '?'", () => {
    expect(isProvisional(110.01)).toBe(true);
    expect(isProvisional(110)).toBe(false);
    expect(shownRating(undefined)).toEqual({ rating: 1500, provisional: true });
    expect(shownRating({ rating: 1623.6, deviation: 80, volatility: 0.06 })).toEqual({
      rating: 1624,
      provisional: false,
    });
    expect(formatRating(1500, true)).toBe('1500?');
    expect(formatRating(1623.6, false)).toBe('1624');
  });
});

describe('the categories', () => {
  it("rates each speed apart, from the clocks' estimated duration; untimed games have none", () => {
    const clock = (minutes: number, increment: number) => speedOf({ kind: 'clock', minutes, increment });
    expect(clock(1, 0)).toBe('bullet');
    expect(clock(2, 1)).toBe('bullet');
    expect(clock(3, 0)).toBe('blitz');
    expect(clock(5, 3)).toBe('blitz');
    expect(clock(10, 0)).toBe('rapid');
    expect(clock(15, 10)).toBe('rapid');
    expect(clock(30, 0)).toBe('classical');
    expect(speedOf({ kind: 'correspondence', days: 3 })).toBe('correspondence');
    expect(speedOf({ kind: 'untimed' })).toBeNull();
  });
});
