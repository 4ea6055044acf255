import { MATE } from '@sbc/ai/score';
import { START_SBFEN } from '@sbc/rules';
import { describe, expect, it, vi } from 'vitest';
import { countsText } from '../src/features/game/analysis/AnalysisPanel.tsx';
import {
  type AnalysedGame,
  analyseGame,
  type EngineVerdict,
  type PositionEngine,
  summarise,
} from '../src/features/game/analysis/driver.ts';
import { countJudgements, formatScore, judge, winChance } from '../src/features/game/analysis/judge.ts';
import { numberedLine, plyName } from '../src/features/game/analysis/line.ts';

describe('judgements by lost winning chance', () => {
  it('maps scores to White’s winning chance, mates to certainty', () => {
    expect(winChance(0)).toBe(50);
    expect(winChance(300) + winChance(-300)).toBeCloseTo(100);
    expect(winChance(300)).toBeCloseTo(75.1, 1);
    expect(winChance(5000)).toBe(winChance(1000));
    expect(winChance(MATE - 3)).toBe(100);
    expect(winChance(-(MATE - 4))).toBe(0);
  });

  it('judges by the points of winning chance the mover gives away: 5, 10, 15', () => {
    expect(judge('white', 0, -50)).toBeNull(); // 4.6 points
    expect(judge('white', 0, -100)).toBe('inaccuracy'); // 9.1
    expect(judge('white', 0, -150)).toBe('mistake'); // 13.5
    expect(judge('white', 0, -300)).toBe('blunder'); // 25.1
    // Black gives away what White gains.
    expect(judge('black', 0, 300)).toBe('blunder');
    expect(judge('black', 0, -300)).toBeNull();
    // Far ahead, a pawn more or less hardly changes the chance.
    expect(judge('white', 900, 800)).toBeNull();
    // A forced mate let go: from certainty to +5.
    expect(judge('white', MATE - 5, 500)).toBe('mistake');
    expect(judge('white', MATE - 5, -(MATE - 6))).toBe('blunder');
  });

  it('counts each player’s judgements and writes them as lichess does', () => {
    const counts = countJudgements([
      { player: 'white', judgement: 'inaccuracy' },
      { player: 'black', judgement: 'blunder' },
      { player: 'white', judgement: null },
      { player: 'white', judgement: 'inaccuracy' },
      { player: 'white', judgement: 'blunder' },
      { player: 'black', judgement: 'mistake' },
    ]);
    expect(counts).toEqual({
      white: { inaccuracy: 2, mistake: 0, blunder: 1 },
      black: { inaccuracy: 0, mistake: 1, blunder: 1 },
    });
    expect(countsText(counts.white)).toBe('2 inaccuracies, 0 mistakes, 1 blunder');
  });

  it('writes scores as pawns, mates as moves to mate, a mate on the board as the result', () => {
    expect(formatScore(130)).toBe('+1.3');
    expect(formatScore(-40)).toBe('-0.4');
    expect(formatScore(MATE - 5)).toBe('#3');
    expect(formatScore(-(MATE - 2))).toBe('#-1');
    expect(formatScore(-MATE)).toBe('0-1');
  });
});

// docs/rules.md §5: 4...exd4 attacks White's (NB) box; White gives up the knight.
const WITH_CHOICE: AnalysedGame = {
  sbfen: START_SBFEN,
  standard: false,
  history: [
    { player: 'white', texts: ['e2e3'] },
    { player: 'black', texts: ['e7e5'] },
    { player: 'white', texts: ['g1f3'] },
    { player: 'black', texts: ['f8c5'] },
    { player: 'white', texts: ['b1c3'] },
    { player: 'black', texts: ['c5d4'] },
    { player: 'white', texts: ['f3d4'] },
    { player: 'black', texts: ['e5d4', 'sac=N'] },
  ],
};

/** An engine that answers each position (by the number of moves before it) from a table, side to move's view. */
function fakeEngine(scores: number[]): PositionEngine & { requests: string[][]; cancels: number } {
  const engine = {
    requests: [] as string[][],
    cancels: 0,
    analyse(request: { moves: string[] }) {
      engine.requests.push(request.moves);
      const verdict: EngineVerdict = { text: 'a2a3', score: scores[request.moves.length], notation: ['a3'] };
      return { answer: Promise.resolve(verdict), cancel: () => engine.cancels++ };
    },
  };
  return engine;
}

describe('the analysis driver', () => {
  it('analyses every decision in turn, reports progress and turns scores to White’s view', async () => {
    // Scores from the side to move. Position 8 waits for White's choice; White moves on at 9.
    const scores = [20, -20, 30, -30, 25, -25, 390, -20, 10, 15];
    const engine = fakeEngine(scores);
    const progress: number[] = [];
    const run = analyseGame(WITH_CHOICE, engine, (done, total) => {
      expect(total).toBe(10);
      progress.push(done);
    });
    const result = await run.result;
    expect(engine.requests.map((m) => m.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // White to move at even positions, Black at odd ones, White at 8 (the choice) and 9 (after it).
    expect(result.positions.map((p) => p.score)).toEqual([20, 20, 30, 30, 25, 25, 390, 20, 10, 15]);
    expect(result.shown.map((p) => p.score)).toEqual([20, 20, 30, 30, 25, 25, 390, 20, 15]);
    // 3...Bd4 dropped Black from -0.25 to -3.90; 4.Nxd4 gave it all back.
    expect(result.moves.map((m) => m.judgement)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'blunder',
      'blunder',
      null,
    ]);
    expect(result.marks).toEqual(['', '', '', '', '', '??', '??', '']);
  });

  it('judges an attack on a double box by the defender’s best choice', () => {
    const positions = [0, 0, 0, 0, 0, 0, 0, 0, 900, -900].map((score) => ({
      score,
      best: '',
      line: [],
    }));
    // Black's 4...exd4 leaves White's best choice at +9: a blunder, whatever White then chose.
    expect(summarise(WITH_CHOICE, positions).moves[7].judgement).toBe('blunder');
  });

  it('stops at Cancel: the running search is cancelled and no further position is asked for', async () => {
    let release = (_: EngineVerdict) => {};
    const engine: PositionEngine & { asked: number; cancelled: number } = {
      asked: 0,
      cancelled: 0,
      analyse() {
        engine.asked++;
        return {
          answer: new Promise<EngineVerdict>((resolve) => {
            release = resolve;
          }),
          cancel: () => engine.cancelled++,
        };
      },
    };
    const onProgress = vi.fn();
    const run = analyseGame(WITH_CHOICE, engine, onProgress);
    await vi.waitFor(() => expect(engine.asked).toBe(1));
    release({ text: 'e2e4', score: 0 });
    await vi.waitFor(() => expect(engine.asked).toBe(2));
    run.cancel();
    release({ text: 'e7e5', score: 0 });
    await expect(run.result).rejects.toMatchObject({ name: 'CancelledError' });
    expect(engine.cancelled).toBe(1);
    expect(engine.asked).toBe(2);
    expect(onProgress).toHaveBeenCalledTimes(1);
  });
});

describe('move numbers', () => {
  it('numbers the best line from the shown position, as the Move History does', () => {
    expect(numberedLine(1, ['e5', 'Nf3'], false)).toBe('1... e5 2. Nf3');
    expect(numberedLine(6, ['Nxd4+SB', 'exd4', 'Ne4'], false)).toBe('4. Nxd4+SB exd4 5. Ne4');
    expect(numberedLine(6, [], false)).toBe('');
    // Black moved first: White's reply is move 2.
    expect(numberedLine(1, ['Kf1', 'Rd1+'], true)).toBe('2. Kf1 Rd1+');
  });

  it('names a position by the move that led to it', () => {
    expect(plyName(0, [], false)).toBe('Start');
    expect(plyName(3, ['e4', 'e5', 'Qg4'], false)).toBe('2. Qg4');
    expect(plyName(2, ['e4', 'e5'], false)).toBe('1... e5');
    expect(plyName(1, ['Rxd4'], true)).toBe('1... Rxd4');
    expect(plyName(2, ['Rxd4', 'Kf1'], true)).toBe('2. Kf1');
  });
});
