import { START_SBFEN } from '@sbc/rules';
import { afterAll, describe, expect, it } from 'vitest';
import type { Progress } from '../src/index.ts';
import { createNodeEngine } from '../src/worker/node.ts';

describe('engine worker (Node home)', () => {
  const engine = createNodeEngine();
  afterAll(() => engine.terminate());

  it('searches off the main thread, reports progress and can be cancelled', async () => {
    await engine.ready;
    const progress: Progress[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const search = engine.search(
      { sbfen: START_SBFEN, moves: ['e2e4'], standard: false, limits: { timeMs: 60_000 } },
      (p) => {
        progress.push(p);
        // Cancelled once the main thread's timer has run: on a fast machine depth 4 comes before
        // its first tick; a blocked main thread never ticks, and the 20 s check below fails.
        if (p.depth >= 4 && ticks > 0) search.cancel();
      },
    );
    const started = Date.now();
    const answer = await search.answer;
    clearInterval(timer);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(answer.text).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    expect(progress.map((p) => p.depth).slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(progress[3].pv[0]).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    expect(progress[3].nodes).toBeGreaterThan(0);
    // The main thread kept running its timers while the engine thought.
    expect(ticks).toBeGreaterThan(0);
    // Cancelled before it starts: still a (legal) answer, at once.
    const quick = engine.search({
      sbfen: START_SBFEN,
      moves: [],
      standard: false,
      limits: { timeMs: 60_000 },
    });
    quick.cancel();
    expect((await quick.answer).text).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  });

  it('passes the seed on: the same seed, the same choice', async () => {
    const request = { sbfen: START_SBFEN, moves: ['c2c3'], standard: false, level: 'easy' as const };
    const answers: string[] = [];
    for (const seed of [1, 1, 2, 2]) {
      engine.newGame();
      answers.push((await engine.search({ ...request, seed }).answer).text);
    }
    expect(answers[1]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[2]);
  });

  it('reports bad requests as errors', async () => {
    await expect(engine.search({ sbfen: 'nonsense', moves: [], standard: false }).answer).rejects.toThrow(
      /invalid SBFEN/,
    );
    await expect(
      engine.search({ sbfen: START_SBFEN, moves: ['e2e5'], standard: false }).answer,
    ).rejects.toThrow(/illegal move/);
  });
});
