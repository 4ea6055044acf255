import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMatchArgs } from '../src/match-args.ts';
import { Agreement, type GameSpec, playGame } from '../src/match-game.ts';
import { eloEstimate, fitRating, formatElo, type Rung } from '../src/match-stats.ts';
import { type Player, startPlayer, varied } from '../src/players.ts';

const FAKE = fileURLToPath(new URL('fixtures/fake-uci.mjs', import.meta.url));
const fake = (...args: string[]) => `${process.execPath} ${FAKE} ${args.join(' ')}`;
const DEFAULTS = { threads: 2, seed: 7 };

describe('match arguments', () => {
  it('reads levels, UCI engines with options, movetime and a ladder', () => {
    const parsed = parseMatchArgs(
      [
        '--a',
        'hard',
        '--b',
        'uci:stockfish -q',
        '--b-option',
        'Hash=16',
        '--games',
        '4',
        '--movetime',
        '200',
        '--ladder',
        '1600,2000',
        '--standard',
      ],
      DEFAULTS,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        a: { level: 'hard' },
        b: { uci: 'stockfish -q', options: [['Hash', '16']] },
        games: 4,
        standard: true,
        movetimeMs: 200,
        threads: 2,
        seed: 7,
        ladder: [1600, 2000],
      },
    });
  });

  it('reads a node budget instead of time', () => {
    const parsed = parseMatchArgs(
      ['--a', 'full', '--b', 'uci:x', '--games', '2', '--nodes', '5000'],
      DEFAULTS,
    );
    expect(parsed.ok && parsed.value.nodes).toBe(5000);
    expect(parsed.ok && parsed.value.movetimeMs).toBeUndefined();
  });

  it('varies a node budget by the seed, within 10 %', () => {
    const budgets = Array.from({ length: 40 }, (_, ply) => varied(10_000, 7, ply));
    expect(Math.min(...budgets)).toBeGreaterThanOrEqual(9000);
    expect(Math.max(...budgets)).toBeLessThanOrEqual(11_000);
    expect(new Set(budgets).size).toBeGreaterThan(30);
    expect(varied(10_000, 8, 0)).not.toBe(varied(10_000, 7, 0));
    expect(varied(10_000, 7, 3)).toBe(budgets[3]);
  });

  it.each([
    [['--a', 'hard', '--games', '2'], '--b is missing'],
    [['--a', 'hard', '--b', 'expert', '--games', '2'], "--b: 'expert' is neither"],
    [['--a', 'hard', '--b', 'uci:', '--games', '2'], "'uci:' needs a shell command"],
    [['--a', 'hard', '--a-option', 'Hash=1', '--b', 'easy', '--games', '2'], 'engine options only apply'],
    [
      ['--a', 'hard', '--b', 'uci:x', '--b-option', 'Hash', '--games', '2', '--movetime', '9'],
      'must be NAME=VALUE',
    ],
    [['--a', 'hard', '--b', 'uci:x', '--games', '2'], '--movetime or --nodes is required'],
    [['--a', 'full', '--b', 'easy', '--games', '2'], '--movetime or --nodes is required'],
    [['--a', 'full', '--b', 'easy', '--games', '2', '--movetime', '9', '--nodes', '9'], 'not both'],
    [['--a', 'full', '--b', 'easy', '--games', '2', '--nodes', '0'], '--nodes must be a whole number from 1'],
    [['--a', 'hard', '--b', 'easy', '--games', '0'], '--games must be a whole number from 1'],
    [['--a', 'hard', '--b', 'easy', '--games', '2', '--ladder', '1500'], '--ladder needs a UCI engine'],
    [
      ['--a', 'hard', '--b', 'uci:x', '--games', '2', '--movetime', '9', '--ladder', '1500,x'],
      '--ladder ratings',
    ],
    [['--a', 'hard', '--b', 'easy', '--games', '2', '--games', '3'], '--games given twice'],
    [['--a', 'hard', '--b', 'easy', '--games'], '--games needs a value'],
    [['--a', 'hard', '--b', 'easy', '--games', '2', '--fast'], "unexpected argument '--fast'"],
  ])('rejects %j', (argv, message) => {
    const parsed = parseMatchArgs(argv, DEFAULTS);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe('Elo', () => {
  it('turns a score into an Elo difference with a 95 % margin', () => {
    expect(eloEstimate({ wins: 5, draws: 10, losses: 5 }).elo).toBeCloseTo(0);
    const threeQuarters = eloEstimate({ wins: 30, draws: 0, losses: 10 });
    expect(threeQuarters.elo).toBeCloseTo(190.85, 1);
    // 40 games without draws: a share's standard error of sqrt(0.75 * 0.25 / 40) = 0.0685.
    expect(threeQuarters.margin).toBeGreaterThan(100);
    expect(threeQuarters.margin).toBeLessThan(140);
    // Draws narrow the margin of the same score.
    expect(eloEstimate({ wins: 20, draws: 20, losses: 0 }).margin).toBeLessThan(threeQuarters.margin);
    expect(eloEstimate({ wins: 4, draws: 0, losses: 0 }).bound).toBe('≥');
    expect(eloEstimate({ wins: 0, draws: 1, losses: 3 }).bound).toBe('');
    expect(formatElo({ elo: 190.8, margin: 120.4, bound: '' })).toBe('+191 ± 120');
    expect(formatElo({ elo: -190.8, margin: 0, bound: '≤' })).toBe('≤ -191');
    expect(formatElo({ elo: 2200, margin: 0, bound: '≥' }, false)).toBe('≥ 2200');
  });

  it('fits one rating to a ladder of results', () => {
    // Results exactly as a 2000 player would expect them, 100 games a rung.
    const rung = (rating: number): Rung => {
      const wins = Math.round(100 / (1 + 10 ** ((rating - 2000) / 400)));
      return { rating, wins, draws: 0, losses: 100 - wins };
    };
    const fit = fitRating([1600, 1900, 2200, 2500].map(rung));
    expect(Math.abs(fit.elo - 2000)).toBeLessThan(5);
    expect(fit.bound).toBe('');
    // Four times the games: half the margin.
    const more = fitRating(
      [1600, 1900, 2200, 2500].map((r) => ({
        ...rung(r),
        wins: 4 * rung(r).wins,
        losses: 4 * rung(r).losses,
      })),
    );
    expect(more.margin).toBeCloseTo(fit.margin / 2, 0);
    expect(fitRating([{ rating: 1500, wins: 0, draws: 1, losses: 1 }]).elo).toBeCloseTo(1500 - 190.85, 1);
    expect(fitRating([{ rating: 1500, wins: 3, draws: 0, losses: 0 }])).toMatchObject({
      elo: 1900,
      bound: '≥',
    });
  });
});

describe('adjudication', () => {
  it('ends a game when both sides agree it is lost for 4 moves each', () => {
    const agreement = new Agreement();
    // The first score has no other side's score to agree with yet.
    const verdicts = Array.from({ length: 9 }, (_, i) => agreement.verdict(i % 2, -1200, 40 + i));
    expect(verdicts.slice(0, 8)).toEqual(Array(8).fill(undefined));
    expect(verdicts[8]).toBe('0-1');
  });

  it('starts over after a move without a score or when the sides disagree', () => {
    const agreement = new Agreement();
    for (let i = 0; i < 6; i++) agreement.verdict(i % 2, 1500, 40 + i);
    expect(agreement.verdict(0, undefined, 46)).toBeUndefined();
    for (let i = 0; i < 7; i++) expect(agreement.verdict((i + 1) % 2, 1500, 47 + i)).toBeUndefined();
    expect(agreement.verdict(0, -1500, 54)).toBeUndefined();
  });

  it('scores a long level game a draw only from ply 160', () => {
    const early = new Agreement();
    expect(Array.from({ length: 30 }, (_, i) => early.verdict(i % 2, 0, 100 + i))).not.toContain('1/2-1/2');
    const late = new Agreement();
    const verdicts = Array.from({ length: 17 }, (_, i) => late.verdict(i % 2, 5, 160 + i));
    expect(verdicts.indexOf('1/2-1/2')).toBe(16);
  });
});

describe('a game with UCI engines', () => {
  const spec = (standard: boolean): GameSpec => ({
    index: 0,
    a: { level: 'full' },
    b: { level: 'full' },
    aWhite: true,
    opening: [],
    standard,
    seed: 1,
    movetimeMs: 50,
  });
  const start = (args: string[], standard: boolean): Promise<Player> =>
    startPlayer({ uci: fake(...args), options: [] }, standard, { movetimeMs: 50 });

  it('plays the engines’ moves to the rules package’s checkmate', async () => {
    const white = await start(['f2f3', 'g2g4'], true);
    const black = await start(['e7e5', 'd8h4'], true);
    const record = await playGame(spec(true), { a: white, b: black });
    await Promise.all([white.close(), black.close()]);
    expect(record).toMatchObject({
      result: '0-1',
      reason: 'checkmate',
      moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
    });
  });

  it('scores an illegal move as a loss for the side that played it', async () => {
    const refused = await start(['e2e4'], false).catch((e: Error) => e);
    expect(String(refused)).toContain('does not offer UCI_Variant sharedbox');
    const variantWhite = await start(['--variant', 'e2e4', 'e4e6'], false);
    const variantBlack = await start(['--variant', 'e7e5'], false);
    const record = await playGame(spec(false), { a: variantWhite, b: variantBlack });
    await Promise.all([variantWhite.close(), variantBlack.close()]);
    expect(record.result).toBe('0-1');
    expect(record.reason).toMatch(/^A played an illegal move 'e4e6'/);
    expect(record.moves).toEqual(['e2e4', 'e7e5']);
  });

  it('scores an engine that leaves mid-game as a loss', async () => {
    const white = await start(['e2e4'], true);
    const black = await start(['--exit-after', '0'], true);
    const record = await playGame(spec(true), { a: white, b: black });
    await white.close();
    expect(record).toMatchObject({ result: '1-0', failed: true });
    expect(record.reason).toMatch(/^B failed: .* exited/);
  });
});
