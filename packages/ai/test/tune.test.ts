import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KNIGHT } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { FULL_STRENGTH } from '../src/engine.ts';
import { evaluate, useTables, useWeights } from '../src/evaluate.ts';
import { type PieceTables, TABLES } from '../src/tables.ts';
import { flatten, TableTerms, tuneTables } from '../src/tune/gradient.ts';
import { quietPositions, readSamples } from '../src/tune/samples.ts';
import { TABLES_FILE, tablesSource } from '../src/tune/tables-file.ts';
import {
  copyWeights,
  errorOf,
  evaluations,
  fitK,
  type Param,
  paramName,
  paramValue,
  type Sample,
  tune,
  tunedParams,
} from '../src/tune/texel.ts';
import { WEIGHTS_FILE, withWeights } from '../src/tune/weights-file.ts';
import { WEIGHTS, type Weights } from '../src/weights.ts';
import { position } from './helpers.ts';

/** 38 quiet positions of 6 self-play games (`npm run -s datagen -- --games 6`). */
const SAMPLES = readSamples(readFileSync(new URL('fixtures/tune-positions.txt', import.meta.url), 'utf8'));
/** The fixture's positions are the variant's: the tuner moves the variant's weights. */
const VARIANT = WEIGHTS.sharedbox;

describe('tuning positions', () => {
  it('reads a file and names a bad line', () => {
    expect(SAMPLES.length).toBe(38);
    expect(() => readSamples('# sbc tuning positions, mode chess\n1 8/8/8/8/8/8/8/8 w - - 0 1\n')).toThrow(
      /line 2/,
    );
    expect(() => readSamples('1 8/8/8/8/8/8/8/8 w - - 0 1\n')).toThrow(/not a tuning file/);
  });

  it('keeps only quiet positions from the given ply on', () => {
    // 1.e4 d5 2.exd5 Qxd5 3.Nc3 from ply 1: the start is too early, the positions before the two
    // captures are left out.
    const quiet = quietPositions(['e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3'], 1, true);
    expect(quiet).toEqual([
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
      'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3',
    ]);
  });
});

describe('datagen', () => {
  const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
  const datagen = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/ai/src/tune/datagen.ts', ...args], {
      cwd: ROOT,
    });

  it('writes the quiet positions of games a UCI engine played against itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbc-datagen-'));
    try {
      const out = join(dir, 'chess.txt');
      const uci = `uci:${process.execPath} --import tsx packages/ai/src/uci.ts`;
      const { stdout } = await datagen(
        ...['--games', '1', '--standard', '--nodes', '300', '--random-plies', '0', '--per-game', '5'],
        ...['--player', uci, '--out', out],
      );
      expect(stdout).toMatch(/^wrote [1-5] positions of 1 games of uci:.*packages\/ai\/src\/uci\.ts to /);
      const samples = readSamples(readFileSync(out, 'utf8'));
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((s) => s.pos.standard)).toBe(true);
      // An engine that answers every position with a null move ends each game at once: the
      // moves are the UCI engine's, not this engine's.
      const fake = fileURLToPath(new URL('fixtures/fake-uci.mjs', import.meta.url));
      const nothing = await datagen(
        ...['--games', '2', '--standard', '--nodes', '300', '--random-plies', '0'],
        ...['--player', `uci:${process.execPath} ${fake}`, '--out', out],
      );
      expect(nothing.stdout).toMatch(/^wrote 0 positions of 2 games of uci:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a player that is not the full-strength engine or a UCI engine', async () => {
    const refused = await datagen('--games', '1', '--player', 'easy').catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain(
      "--player must be full or uci:<command>, found 'easy'",
    );
  });
});

describe('Texel tuning', () => {
  it('finds the K that the results were drawn with', () => {
    // Expected results exactly as the logistic with K = 1.3 gives them.
    const samples: Sample[] = [];
    const scores: number[] = [];
    for (let score = -600; score <= 600; score += 50) {
      samples.push({
        pos: position('4k3/8/8/8/8/8/8/4K3 w - - 0 1'),
        result: 1 / (1 + 10 ** ((-1.3 * score) / 400)),
      });
      scores.push(score);
    }
    expect(fitK(samples, Float64Array.from(scores))).toBeCloseTo(1.3, 3);
  });

  it('lowers the error on a few dozen positions and leaves the evaluation as it was', () => {
    const before = evaluations(SAMPLES);
    const result = tune(SAMPLES, copyWeights(VARIANT), { maxPasses: 2 });
    expect(result.after).toBeLessThan(result.before);
    expect(result.weights).not.toEqual(VARIANT);
    // The tuned weights measure what the tuner reported, and the evaluation is back to its own.
    const saved = copyWeights(VARIANT);
    expect(errorOf(result.weights, SAMPLES, result.k)).toBeCloseTo(result.after, 12);
    expect(errorOf(saved, SAMPLES, result.k)).toBeCloseTo(result.before, 12);
    expect(evaluations(SAMPLES)).toEqual(before);
  });

  it('keeps each weight within its leeway', () => {
    const start = copyWeights(VARIANT);
    const free = tune(SAMPLES, start, { maxPasses: 6 });
    const held = tune(SAMPLES, start, { maxPasses: 6, leeway: 0.05 });
    const drift = (w: Weights, p: Param) => Math.abs(paramValue(w, p) - paramValue(start, p));
    const reach = (p: Param) => Math.max(10, 0.05 * Math.abs(paramValue(start, p)));
    expect(tunedParams(SAMPLES).some((p) => drift(free.weights, p) > reach(p))).toBe(true);
    for (const p of tunedParams(SAMPLES)) expect(drift(held.weights, p)).toBeLessThanOrEqual(reach(p));
    expect(held.after).toBeLessThan(held.before);
  });

  it('tunes one mode at a time', () => {
    const chess = readSamples('# sbc tuning positions, mode chess\n1 4k3/8/8/8/3N4/8/8/4K3 w - - 0 1\n');
    expect(tunedParams(SAMPLES).map(paramName)).not.toContain('tempo');
    expect(tunedParams(chess).map(paramName)).toContain('tempo');
    // Every field of each mode's set has weights to tune.
    const fieldsOf = (params: Param[]) => new Set(params.map(([field]) => field));
    expect(fieldsOf(tunedParams(chess))).toEqual(new Set(Object.keys(WEIGHTS.chess)));
    expect(fieldsOf(tunedParams(SAMPLES))).toEqual(new Set(Object.keys(VARIANT)));
    expect(() => tune([...SAMPLES, ...chess], copyWeights(VARIANT), { maxPasses: 1 })).toThrow(
      'the positions are of both modes: tune one mode at a time',
    );
  });

  it('gives each mode its own weights, pawn counts too', () => {
    // Doubled pawns on the c-file, a knight on d4 with seven squares to go to.
    const sbfen = '4k3/8/8/8/3N4/2P5/2P5/4K3 w - - 0 1';
    const score = (standard: boolean) => evaluate(position(sbfen, standard), FULL_STRENGTH);
    const [chess, variant] = [score(true), score(false)];
    const saved = copyWeights(WEIGHTS.chess);
    const changed = copyWeights(saved);
    changed.doubledPawn -= 30;
    // Standard mode reads `mobility` in the middlegame and `mobilityEnd` in the endgame.
    changed.mobility[KNIGHT] += 5;
    changed.mobilityEnd[KNIGHT] += 5;
    try {
      useWeights(changed, 'chess');
      // Standard mode first, so that a pawn count cached for both modes would show in the variant.
      expect(score(true)).toBe(chess + 2 * -30 + (7 - 4) * 5);
      expect(score(false)).toBe(variant);
    } finally {
      useWeights(saved, 'chess');
    }
    expect(score(true)).toBe(chess);
  });

  it('writes weights into weights.ts in its own format', () => {
    const source = readFileSync(WEIGHTS_FILE, 'utf8');
    expect(withWeights(source, WEIGHTS)).toBe(source);
    const changed = copyWeights(VARIANT);
    changed.material[2] = 301;
    changed.isolatedPawn = -7;
    const chess = { ...copyWeights(WEIGHTS.chess), tempo: 23 };
    const written = withWeights(source, { sharedbox: changed, chess });
    // Each in its own mode's set: the variant's comes first.
    const [variantSet, chessSet] = written.split('\n  chess: {');
    expect(variantSet).toContain('material: [0, 100, 301, ');
    expect(variantSet).toContain('isolatedPawn: -7,');
    expect(chessSet).toContain('tempo: 23,');
    expect(chessSet).not.toContain('isolatedPawn: -7,');
    expect(written.split('\n').length).toBe(source.split('\n').length);
  });
});

describe('tuning the piece-square tables', () => {
  // The fixture's positions are the variant's.
  const tables = TABLES.sharedbox;
  const termsOf = () => {
    const terms = new TableTerms();
    for (const sample of SAMPLES) terms.add(sample, tables);
    return terms;
  };
  const scoresUnder = (terms: TableTerms, set: PieceTables) =>
    Array.from(terms.scores(flatten(set.middle), flatten(set.end)));
  const closeTo = (a: ArrayLike<number>, b: ArrayLike<number>) =>
    Array.from(a).every((x, i) => Math.abs(x - b[i]) <= 1);

  it('reads each position into the evaluation it gives', () => {
    // The blend rounds to whole centipawns; the terms keep the fraction.
    expect(closeTo(scoresUnder(termsOf(), tables), evaluations(SAMPLES))).toBe(true);
  });

  it('lowers the error, and the evaluation with the tuned tables scores as the tuner said', () => {
    const terms = termsOf();
    const start = structuredClone(tables);
    const k = fitK(terms.results, terms.scores(flatten(tables.middle), flatten(tables.end)));
    const errors: number[] = [];
    const tuned = tuneTables(terms, start, k, { epochs: 30, rate: 2, onEpoch: (_, e) => errors.push(e) });
    expect(errors.at(-1)).toBeLessThan(errors[0]);
    expect(tuned).not.toEqual(start);
    // Pawns never stand on the first or last rank: those entries get no gradient and stay.
    expect(tuned.middle[0].slice(0, 8)).toEqual(start.middle[0].slice(0, 8));
    try {
      useTables(tuned, 'sharedbox');
      expect(closeTo(scoresUnder(terms, tuned), evaluations(SAMPLES))).toBe(true);
    } finally {
      useTables(start, 'sharedbox');
    }
    expect(TABLES.sharedbox).toEqual(start);
  });

  it('gives each mode its own tables', () => {
    const sbfen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const score = (standard: boolean) => evaluate(position(sbfen, standard), FULL_STRENGTH);
    const [chess, variant] = [score(true), score(false)];
    const saved = structuredClone(TABLES.chess);
    const changed = structuredClone(saved);
    changed.middle[1][5 * 8 + 5] += 40; // a white knight on f3
    try {
      useTables(changed, 'chess');
      expect(score(true)).toBe(chess + 40);
      expect(score(false)).toBe(variant);
    } finally {
      useTables(saved, 'chess');
    }
  });

  it('writes tables.ts in its own format', () => {
    const source = readFileSync(TABLES_FILE, 'utf8');
    expect(tablesSource(TABLES)).toBe(source);
    const changed = structuredClone(TABLES);
    changed.chess.end[5][63] = -77;
    const written = tablesSource(changed);
    expect(written.split('\n').length).toBe(source.split('\n').length);
    expect(written).not.toBe(source);
  });
});
