import type { Move, Position } from '@sbc/rules';
import { moveText } from '@sbc/rules';
import { analysePosition, lineNotation } from '../analysis.ts';
import { Engine } from '../engine.ts';
import { Line } from '../line.ts';
import type { SearchInfo } from '../search.ts';
import type { EngineAnswer, EngineRequest, EngineResponse } from './protocol.ts';

/** Move text of a line of moves played from `pos` (left as it was). */
export function lineText(pos: Position, moves: readonly Move[]): string[] {
  const texts: string[] = [];
  for (const m of moves) {
    texts.push(moveText(pos, m));
    pos.play(m);
  }
  for (let i = 0; i < moves.length; i++) pos.undo();
  return texts;
}

/**
 * A short search before the first real one: a cold engine (code not yet optimised by the JIT)
 * is many times slower, which would cost the first move of a game most of its think time.
 */
export function warmUp(engine: Engine): void {
  const line = Line.from(WARM_UP_POSITION, [], false);
  if (line.ok) engine.think(line.value, { limits: { timeMs: 250 } });
  engine.newGame();
}
const WARM_UP_POSITION = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';

/**
 * The worker side of the engine, the same in both homes: it runs each search request to the end
 * (a search is synchronous; the shared stop flag ends it early) and posts progress and the answer.
 * It says 'ready' once loaded.
 */
export function createEngineHost(post: (response: EngineResponse) => void): (request: EngineRequest) => void {
  const engine = new Engine();
  warmUp(engine);
  post({ type: 'ready' });
  return (request) => {
    if (request.type === 'new-game') {
      engine.newGame();
      return;
    }
    const { id } = request;
    try {
      const line = Line.from(request.sbfen, request.moves, request.standard);
      if (!line.ok) {
        post({ type: 'error', id, message: line.error });
        return;
      }
      const pos = line.value.pos;
      const onProgress = (info: SearchInfo) =>
        post({
          type: 'progress',
          id,
          progress: {
            depth: info.depth,
            score: info.score,
            nodes: info.nodes,
            nps: Math.round((info.nodes * 1000) / Math.max(info.timeMs, 1)),
            timeMs: Math.round(info.timeMs),
            pv: lineText(pos, info.pv),
          },
        });
      if (request.analyse) {
        // No progress: a page analysing a game waits for each answer, and every message is a task
        // of its main thread.
        const started = performance.now();
        const a = analysePosition(engine.searcher, line.value, { ...request.limits, stop: request.stop });
        const pv = lineText(pos, a.pv);
        const answer: EngineAnswer = {
          move: a.move,
          text: a.move ? moveText(pos, a.move) : '',
          source: 'search',
          score: a.score,
          depth: a.depth,
          nodes: a.nodes,
          timeMs: performance.now() - started,
          pv,
          notation: lineNotation(request.sbfen, request.standard, request.moves, pv),
          choices: a.choices.map((c) => ({ text: moveText(pos, c.move), score: c.score })),
        };
        post({ type: 'done', id, answer });
        return;
      }
      const answer = engine.think(line.value, {
        level: request.level,
        limits: request.limits,
        book: request.book,
        seed: request.seed,
        stop: request.stop,
        onProgress,
      });
      post({ type: 'done', id, answer: { ...answer, pv: lineText(pos, answer.pv) } });
    } catch (e) {
      post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
    }
  };
}
