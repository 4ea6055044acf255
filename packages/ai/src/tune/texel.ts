/**
 * Texel tuning (docs/engine.md §11): the weights that make the static evaluation best predict the
 * results of the games its positions came from. A score e (white's view) predicts white's result
 * as 1 / (1 + 10^(-K e / 400)); the error is the mean squared difference to the result. K is fitted
 * first, with the weights as they are; then a local search moves one weight at a time.
 */
import type { Position } from '@sbc/rules';
import { FULL_STRENGTH } from '../engine.ts';
import { evaluate, useWeights } from '../evaluate.ts';
import type { Mode } from '../tables.ts';
import { type ChessWeights, WEIGHTS, type Weights } from '../weights.ts';

export interface Sample {
  pos: Position;
  /** White's result: 1, 0.5 or 0. */
  result: number;
}

/** One weight the tuner may move: a field, and the index for a list. */
export type Param = [field: keyof ChessWeights, index?: number];

/** Everything but the pawn's value (the scale) and entries that are never read (none, king). */
export const TUNED_PARAMS: Param[] = [
  ...[2, 3, 4, 5].flatMap((t): Param[] => [
    ['material', t],
    ['mobility', t],
    ['kingAttack', t],
  ]),
  ['shield', 0],
  ['shield', 1],
  ['shield', 2],
  ['doubledPawn'],
  ['isolatedPawn'],
  ...[1, 2, 3, 4, 5, 6].map((rank): Param => ['passedPawn', rank]),
  ['minorAtHome'],
  ['earlyQueen'],
  // Standard mode's own (see `tunedParams`).
  ['bishopPair', 0],
  ['bishopPair', 1],
  ['pawnThreat', 0],
  ['pawnThreat', 1],
  ...[0, 1, 2, 3].map((i): Param => ['rookFile', i]),
  ['passerKings', 0],
  ['passerKings', 1],
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((i): Param[] => [
    ['threatByMinor', i],
    ['threatByRook', i],
  ]),
  ['hanging', 0],
  ['hanging', 1],
  ['tempo'],
  ...[1, 2, 3, 4, 5, 6].map((rank): Param => ['connectedPawn', rank]),
  ['supportedPawn'],
  ['backwardPawn', 0],
  ['backwardPawn', 1],
  ...[0, 1, 2, 3].map((i): Param => ['outpost', i]),
  ['rookSeventh', 0],
  ['rookSeventh', 1],
  ...[0, 1, 2, 3, 4, 5].map((i): Param => ['passerPath', i]),
  ...[2, 3, 4, 5].flatMap((t): Param[] => [
    ['mobilityEnd', t],
    ['safeCheck', t],
  ]),
];

/**
 * The mode of `samples`, which must all be of one: each mode has its own weights (`weights.ts`),
 * and a position of one says nothing about the other's.
 */
export function modeOf(samples: readonly Sample[]): Mode {
  const standard = samples.length > 0 && samples[0].pos.standard;
  if (samples.some((s) => s.pos.standard !== standard))
    throw new Error('the positions are of both modes: tune one mode at a time');
  return standard ? 'chess' : 'sharedbox';
}

/** The parameters of the weights of `samples`' mode: the variant's set has no chess terms. */
export const tunedParams = (samples: readonly Sample[]): Param[] => {
  const weights = WEIGHTS[modeOf(samples)];
  return TUNED_PARAMS.filter(([field]) => field in weights);
};

export const copyWeights = <W extends Weights>(w: W): W => structuredClone(w);

/** The fields of `w` by name, standard mode's own too (`tunedParams` names only those a set has). */
const fields = (w: Weights) => w as unknown as Record<Param[0], number | number[]>;

export function paramValue(w: Weights, [name, index]: Param): number {
  const value = fields(w)[name];
  return Array.isArray(value) ? value[index ?? 0] : value;
}

export function setParam(w: Weights, [name, index]: Param, n: number): void {
  const value = fields(w)[name];
  if (Array.isArray(value)) value[index ?? 0] = n;
  else fields(w)[name] = n;
}

export const paramName = ([field, index]: Param): string =>
  index === undefined ? field : `${field}[${index}]`;

/** The full-strength static evaluation of each sample under the weights in use, white's view. */
export function evaluations(samples: readonly Sample[]): Float64Array {
  const out = new Float64Array(samples.length);
  samples.forEach(({ pos }, i) => {
    const own = evaluate(pos, FULL_STRENGTH);
    out[i] = pos.turn === 0 ? own : -own;
  });
  return out;
}

export function meanError(
  samples: readonly Pick<Sample, 'result'>[],
  scores: Float64Array,
  k: number,
): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const predicted = 1 / (1 + 10 ** ((-k * scores[i]) / 400));
    sum += (samples[i].result - predicted) ** 2;
  }
  return sum / samples.length;
}

/** The K with the least error for these scores (golden-section search; the error is unimodal in K). */
export function fitK(samples: readonly Pick<Sample, 'result'>[], scores: Float64Array): number {
  let [lo, hi] = [0.05, 5];
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 60; i++) {
    const a = hi - ratio * (hi - lo);
    const b = lo + ratio * (hi - lo);
    if (meanError(samples, scores, a) < meanError(samples, scores, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

/** The error of `weights` (of the samples' mode) on `samples` with scale `k`; leaves `weights` in use. */
export function errorOf(weights: Weights, samples: readonly Sample[], k: number): number {
  useWeights(weights, modeOf(samples));
  return meanError(samples, evaluations(samples), k);
}

export interface TuneResult {
  weights: Weights;
  k: number;
  before: number;
  after: number;
  passes: number;
}

/**
 * Local search from `start`, a set of weights of the samples' mode: each pass tries every
 * parameter one step up and down and keeps a change that lowers the error; the step halves from
 * `firstStep` to 1 when a pass finds nothing, and the search ends then or after `maxPasses`.
 * With `leeway`, a weight stays within that share of its start value (at least 10 cp) of it: a
 * few thousand positions cannot pin two dozen weights down, and unbounded they drift to whatever
 * predicts the sample's games (docs/engine.md §11). `onPass` hears each pass's error. Leaves the
 * evaluation's own weights as they were.
 */
export function tune(
  samples: readonly Sample[],
  start: Weights,
  options: {
    params?: Param[];
    firstStep?: number;
    maxPasses?: number;
    leeway?: number;
    onPass?: (pass: number, error: number, step: number) => void;
  },
): TuneResult {
  const mode = modeOf(samples);
  const saved = copyWeights(WEIGHTS[mode]);
  const params = options.params ?? tunedParams(samples);
  try {
    useWeights(start, mode);
    const k = fitK(samples, evaluations(samples));
    const weights = copyWeights(start);
    const before = errorOf(weights, samples, k);
    let best = before;
    let step = options.firstStep ?? 4;
    let passes = 0;
    while (passes < (options.maxPasses ?? 50)) {
      passes++;
      let improved = false;
      for (const param of params) {
        const value = paramValue(weights, param);
        const origin = paramValue(start, param);
        const reach =
          options.leeway === undefined ? Infinity : Math.max(10, options.leeway * Math.abs(origin));
        for (const delta of [step, -step]) {
          if (Math.abs(value + delta - origin) > reach) continue;
          setParam(weights, param, value + delta);
          const error = errorOf(weights, samples, k);
          if (error < best) {
            best = error;
            improved = true;
            break;
          }
          setParam(weights, param, value);
        }
      }
      options.onPass?.(passes, best, step);
      if (!improved) {
        if (step === 1) break;
        step = Math.max(1, step >> 1);
      }
    }
    return { weights, k, before, after: best, passes };
  } finally {
    useWeights(saved, mode);
  }
}
