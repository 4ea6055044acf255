/**
 * Tuning the piece-square tables (docs/engine.md §11). The evaluation is linear in them: a
 * position's score is what the rest of the evaluation gives plus, for every piece (both of a
 * box), its table entries blended by the position's phase. So each position is read once into
 * its entries and that rest, and the 768 entries are fitted together by gradient descent (Adam)
 * on the Texel error, instead of one step at a time.
 */
import type { Position } from '@sbc/rules';
import { Accumulator, T_PHASE } from '../accumulator.ts';
import { FULL_STRENGTH } from '../engine.ts';
import { evaluate, FULL_PHASE } from '../evaluate.ts';
import { tableSquare } from '../pst.ts';
import type { PieceTables } from '../tables.ts';
import { meanError, type Sample } from './texel.ts';

const ENTRIES = 6 * 64;

/** Positions read into their table entries: flat arrays, so that a few hundred thousand fit. */
export class TableTerms {
  /** White's result per position. */
  readonly results: Pick<Sample, 'result'>[] = [];
  /** The evaluation without the tables (white's view), and the middlegame's share of the blend. */
  private rest: number[] = [];
  private share: number[] = [];
  /** Per position, from `starts[i]` to `starts[i + 1]`: entry index × 2, plus 1 for a black piece. */
  private starts: number[] = [0];
  private entries: number[] = [];

  get length(): number {
    return this.results.length;
  }

  /** Reads `sample` under `tables` (the tables in use by the evaluation). */
  add({ pos, result }: Sample, tables: PieceTables): void {
    const acc = Accumulator.of(pos);
    const t = acc.terms;
    this.results.push({ result });
    // A dead draw scores 0 whatever the tables say.
    if (acc.deadDraw()) {
      this.rest.push(0);
      this.share.push(0);
      this.starts.push(this.entries.length);
      return;
    }
    const share = Math.min(t[T_PHASE], FULL_PHASE) / FULL_PHASE;
    const own = evaluate(pos, FULL_STRENGTH, -Infinity, Infinity, acc);
    let tablesPart = 0;
    for (const code of pieceEntries(pos)) {
      const i = code >> 1;
      const sign = code & 1 ? -1 : 1;
      tablesPart += sign * (share * tables.middle[i >> 6][i & 63] + (1 - share) * tables.end[i >> 6][i & 63]);
      this.entries.push(code);
    }
    this.rest.push((pos.turn === 0 ? own : -own) - tablesPart);
    this.share.push(share);
    this.starts.push(this.entries.length);
  }

  /** Every position's score (white's view) under the tables `middle`/`end` (flat, ENTRIES each). */
  scores(middle: Float64Array, end: Float64Array): Float64Array {
    const out = new Float64Array(this.length);
    for (let n = 0; n < this.length; n++) {
      const share = this.share[n];
      let e = this.rest[n];
      for (let k = this.starts[n]; k < this.starts[n + 1]; k++) {
        const code = this.entries[k];
        const i = code >> 1;
        e += (code & 1 ? -1 : 1) * (share * middle[i] + (1 - share) * end[i]);
      }
      out[n] = e;
    }
    return out;
  }

  /** Adds to `gMiddle`/`gEnd` the derivative of the mean error by each entry, given the scores. */
  gradient(scores: Float64Array, k: number, gMiddle: Float64Array, gEnd: Float64Array): void {
    const c = (k * Math.LN10) / 400;
    for (let n = 0; n < this.length; n++) {
      const s = 1 / (1 + 10 ** ((-k * scores[n]) / 400));
      const d = (-2 * (this.results[n].result - s) * s * (1 - s) * c) / this.length;
      const share = this.share[n];
      for (let j = this.starts[n]; j < this.starts[n + 1]; j++) {
        const code = this.entries[j];
        const g = code & 1 ? -d : d;
        gMiddle[code >> 1] += g * share;
        gEnd[code >> 1] += g * (1 - share);
      }
    }
  }
}

/** The table entry of every piece on the board (both of a box), coded as in `TableTerms`. */
function pieceEntries(pos: Position): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    for (const piece of [pos.first[sq], pos.second[sq]]) {
      if (piece === 0) continue;
      const black = piece >> 3;
      out.push(((((piece & 7) - 1) * 64 + tableSquare(sq, black)) << 1) | black);
    }
  }
  return out;
}

export const flatten = (tables: number[][]): Float64Array => Float64Array.from(tables.flat());

export const unflatten = (flat: Float64Array): number[][] =>
  Array.from({ length: 6 }, (_, t) => Array.from(flat.subarray(t * 64, t * 64 + 64), Math.round));

export interface GradientOptions {
  epochs: number;
  /** Adam's step size, in centipawns. */
  rate: number;
  /**
   * Weight of the squared distance from the start tables, added to the error: along directions
   * the error hardly feels (a whole table's level against the piece's value, a middlegame entry
   * against its endgame twin) Adam would otherwise wander far on noise.
   */
  penalty?: number;
  /**
   * Held-out positions: the tables returned are those of the epoch with the least error on them
   * (early stopping), since past it the descent fits the sample's games rather than the game.
   */
  check?: TableTerms;
  onEpoch?: (epoch: number, error: number, checkError: number) => void;
}

/** Fits the tables to `terms` by Adam from `start`, with the scale `k` held. */
export function tuneTables(
  terms: TableTerms,
  start: PieceTables,
  k: number,
  options: GradientOptions,
): PieceTables {
  const origin = [flatten(start.middle), flatten(start.end)];
  const params = origin.map((p) => p.slice());
  const penalty = options.penalty ?? 0;
  const moments = params.map(() => [new Float64Array(ENTRIES), new Float64Array(ENTRIES)]);
  const [beta1, beta2] = [0.9, 0.999];
  const checkError = () =>
    options.check ? meanError(options.check.results, options.check.scores(params[0], params[1]), k) : 0;
  let best = { error: checkError(), params: params.map((p) => p.slice()) };
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    const scores = terms.scores(params[0], params[1]);
    const grads = [new Float64Array(ENTRIES), new Float64Array(ENTRIES)];
    terms.gradient(scores, k, grads[0], grads[1]);
    params.forEach((p, j) => {
      const [m, v] = moments[j];
      for (let i = 0; i < ENTRIES; i++) {
        const g = grads[j][i] + 2 * penalty * (p[i] - origin[j][i]);
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        const mHat = m[i] / (1 - beta1 ** epoch);
        const vHat = v[i] / (1 - beta2 ** epoch);
        p[i] -= (options.rate * mHat) / (Math.sqrt(vHat) + 1e-12);
      }
    });
    const held = checkError();
    if (!options.check || held < best.error) best = { error: held, params: params.map((p) => p.slice()) };
    // The error of the scores this epoch started from: measuring the new ones would cost a pass.
    options.onEpoch?.(epoch, meanError(terms.results, scores, k), held);
  }
  return { middle: unflatten(best.params[0]), end: unflatten(best.params[1]) };
}
