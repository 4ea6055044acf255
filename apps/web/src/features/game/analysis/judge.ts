import { isMateScore, mateMoves } from '@sbc/ai/score';
import type { ColorName } from '@sbc/rules';

/**
 * How a move is judged (docs/engine.md §10), as lichess does: by the winning chances it gives away.
 * A score becomes a chance of winning by a logistic curve of the centipawns; a mate is a certain
 * win or loss. A move that drops its player's chance by 5 points (of 100) or more is an inaccuracy,
 * by 10 a mistake, by 15 a blunder.
 */
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** Lichess's curve: 50 + 50 (2 / (1 + e^(-0.00368208 cp)) - 1), centipawns capped at ±1000. */
const CURVE = 0.00368208;
const CP_CAP = 1000;

/** The least drop, in points of winning chance, of each judgement, worst first. */
export const THRESHOLDS: readonly [Judgement, number][] = [
  ['blunder', 15],
  ['mistake', 10],
  ['inaccuracy', 5],
];

export const MARKS: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** White's winning chance, 0 to 100, for a score from White's view. */
export function winChance(score: number): number {
  if (isMateScore(score)) return score > 0 ? 100 : 0;
  const cp = Math.max(-CP_CAP, Math.min(CP_CAP, score));
  return 50 + 50 * (2 / (1 + Math.exp(-CURVE * cp)) - 1);
}

/**
 * The judgement of a move by `player`, from White's scores of the position before it (its best
 * move's) and after it; null for a good move.
 */
export function judge(player: ColorName, before: number, after: number): Judgement | null {
  const drop = winChance(before) - winChance(after);
  const loss = player === 'white' ? drop : -drop;
  return THRESHOLDS.find(([, least]) => loss >= least)?.[0] ?? null;
}

export type Counts = Record<Judgement, number>;

/** Each player's inaccuracies, mistakes and blunders. */
export function countJudgements(
  moves: readonly { player: ColorName; judgement: Judgement | null }[],
): Record<ColorName, Counts> {
  const zero = (): Counts => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  const counts = { white: zero(), black: zero() };
  for (const m of moves) if (m.judgement) counts[m.player][m.judgement]++;
  return counts;
}

/** A score from White's view as lichess writes it: +1.3, -0.4, #3 (White mates), #-2; a mate on the board as its result. */
export function formatScore(score: number): string {
  const mate = mateMoves(score);
  if (mate === 0) return score > 0 ? '1-0' : '0-1';
  if (mate !== null) return `#${mate}`;
  const pawns = score / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(1)}`;
}
