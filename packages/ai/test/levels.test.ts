import { defenderChoice, resolveMoveText } from '@sbc/game';
import {
  COPY,
  generateLegal,
  legalMoves,
  MAX_MOVES,
  moveKind,
  moveText,
  parseSbfen,
  START_SBFEN,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import {
  BOOK_LINES,
  BOOK_PLIES,
  bookMove,
  Engine,
  gamePhase,
  LEVELS,
  Line,
  scaledThinkTime,
  seededRandom,
} from '../src/index.ts';

const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';

function line(sbfen: string, moves: string[] = [], standard = false): Line {
  const l = Line.from(sbfen, moves, standard);
  if (!l.ok) throw new Error(l.error);
  return l.value;
}

describe('levels', () => {
  it('are exactly the table of docs/engine.md §4', () => {
    expect(LEVELS.easy).toMatchObject({
      thinkTimeMs: 800,
      depth: 3,
      randomness: 0.3,
      blunderChance: 0.1,
      nodeCap: 2000,
      evaluation: 'material',
      style: 'aggressive',
      boxBonus: 1.5,
      maxThinkTimeMs: 2000,
    });
    expect(LEVELS.medium).toMatchObject({
      thinkTimeMs: 2000,
      depth: 5,
      randomness: 0.1,
      blunderChance: 0.05,
      nodeCap: 8000,
      evaluation: 'standard',
      style: 'tactical',
      boxBonus: 2.5,
      maxThinkTimeMs: 4000,
    });
    expect(LEVELS.hard).toMatchObject({
      thinkTimeMs: 5000,
      depth: 8,
      randomness: 0,
      blunderChance: 0,
      nodeCap: 100_000,
      evaluation: 'advanced',
      style: 'positional',
      boxBonus: 3.5,
      maxThinkTimeMs: 8000,
    });
  });

  it('scale think time by 1 + 0.25 per box + 0.01 per legal move, capped', () => {
    expect(scaledThinkTime('easy', 0, 20)).toBe(960);
    expect(scaledThinkTime('easy', 3, 60)).toBe(1880);
    expect(scaledThinkTime('easy', 3, 80)).toBe(2000);
    expect(scaledThinkTime('medium', 1, 40)).toBe(3300);
    expect(scaledThinkTime('medium', 3, 50)).toBe(4000);
    expect(scaledThinkTime('hard', 0, 20)).toBe(6000);
    expect(scaledThinkTime('hard', 2, 30)).toBe(8000);
  });

  it('honour depth and node caps on easy and medium', () => {
    for (const level of ['easy', 'medium'] as const) {
      const engine = new Engine(16);
      const r = engine.think(line(MIDDLEGAME), { level, seed: 1 });
      expect(r.source).toBe('search');
      expect(r.nodes).toBeLessThanOrEqual(LEVELS[level].nodeCap);
      expect(r.depth).toBeLessThanOrEqual(LEVELS[level].depth);
      expect(r.depth).toBeGreaterThanOrEqual(1);
      // Explicit limits replace only the time: a deeper request is still capped.
      const deep = engine.think(line(MIDDLEGAME), { level, limits: { depth: 20 }, seed: 2 });
      expect(deep.nodes).toBeLessThanOrEqual(LEVELS[level].nodeCap);
      expect(deep.depth).toBeLessThanOrEqual(LEVELS[level].depth);
    }
  });

  it('let hard search past its node cap', () => {
    // Capped, it would stop at 100000 nodes; explicit limits replace only its time.
    const r = new Engine(18).think(line(MIDDLEGAME), { level: 'hard', limits: { nodes: 120_000 } });
    expect(r.nodes).toBeGreaterThanOrEqual(120_000);
    expect(r.nodes).toBeGreaterThan(LEVELS.hard.nodeCap);
  });

  it('play varied moves on easy, always legal', () => {
    const engine = new Engine(16);
    const seen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const l = line(MIDDLEGAME);
      const r = engine.think(l, { level: 'easy', seed });
      expect(resolveMoveText(l.pos, r.text).ok).toBe(true);
      seen.add(r.text);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('use the phase definitions of docs/engine.md §3', () => {
    expect(gamePhase(15, 7800, 2)).toBe('opening');
    expect(gamePhase(16, 7800, 2)).toBe('middlegame');
    expect(gamePhase(40, 1990, 2)).toBe('endgame');
    expect(gamePhase(40, 5000, 0)).toBe('endgame');
  });
});

describe('defender choice (docs/rules.md §5)', () => {
  const cases: [string, string, string][] = [
    // [box content as SBFEN, attacker move, expected sacrifice]
    ['(rq)', 'c4d5', 'sac=R'],
    ['(nb)', 'c4d5', 'sac=N'],
    ['(bn)', 'c4d5', 'sac=N'],
    ['(br)', 'c4d5', 'sac=B'],
    ['(nq)', 'c4d5', 'sac=N'],
    ['(nn)', 'c4d5', 'sac=N'],
  ];
  for (const [box, attack, expected] of cases) {
    it(`gives ${expected.slice(4)} from ${box}`, () => {
      const l = line(`4k3/8/8/3${box}4/2P5/8/8/4K3 w - - 0 1`, [attack]);
      expect(l.pos.pendingSquare).toBeGreaterThanOrEqual(0);
      expect(moveText(l.pos, defenderChoice(l.pos))).toBe(expected);
      // The engine answers at once with the same choice, at every level.
      for (const level of [undefined, 'easy', 'medium', 'hard'] as const) {
        const r = new Engine(12).think(l, { level });
        expect(r.text).toBe(expected);
        expect(r.source).toBe('defender');
        expect(r.timeMs).toBeLessThan(50);
      }
    });
  }
});

describe('opening book', () => {
  it('has lines of 12 plies, all legal in the variant and in standard chess', () => {
    expect(BOOK_LINES.length).toBeGreaterThanOrEqual(6);
    for (const text of BOOK_LINES) {
      const moves = text.split(' ');
      expect(moves).toHaveLength(BOOK_PLIES);
      for (const standard of [false, true]) {
        const parsed = parseSbfen(START_SBFEN, standard);
        if (!parsed.ok) throw new Error(parsed.error.message);
        const pos = parsed.value;
        for (const move of moves) {
          const m = resolveMoveText(pos, move);
          expect(m.ok, `${text}: ${move}`).toBe(true);
          if (!m.ok) break;
          // Plain moves only: the book never waits for a defender choice, and never leaves a
          // strong piece where an enemy one can take and copy it.
          pos.play(m.value);
          expect(pos.pendingSquare).toBe(-1);
          if (!standard)
            expect(
              legalMoves(pos).filter((c) => moveKind(c) === COPY),
              `${text}: after ${move}`,
            ).toEqual([]);
        }
        expect(legalMoves(pos).length).toBeGreaterThan(0);
      }
    }
  });

  it('answers from the book for the first 12 plies only', () => {
    const l = line(START_SBFEN);
    const random = seededRandom(7);
    const moves = new Int32Array(MAX_MOVES);
    for (let ply = 0; ply < BOOK_PLIES; ply++) {
      const m = bookMove(l.pos, random);
      if (!m) break;
      const n = generateLegal(l.pos, moves);
      expect(Array.from(moves.subarray(0, n))).toContain(m);
      l.play(m);
    }
    expect(bookMove(line(START_SBFEN, BOOK_LINES[0].split(' ')).pos, random)).toBe(0);
    expect(new Engine(12).think(line(START_SBFEN), { level: 'medium' }).source).toBe('book');
  });
});
