/**
 * One game between two levels, for `npm run match`: the referee is the rules package's status,
 * the players are two engines. Runs in a worker thread (bottom of the file) or in-process.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { type Level, resolveMoveText } from '@sbc/game';
import { positionStatus, START_SBFEN, WHITE } from '@sbc/rules';
import { Engine } from './engine.ts';
import { Line } from './line.ts';
import { isMateScore } from './search.ts';

export interface GameSpec {
  index: number;
  white: Level;
  black: Level;
  /** Opening moves in move text, played before the engines take over. */
  opening: string[];
  standard: boolean;
  /** Seed of both levels' random choices in this game. */
  seed: number;
}

export interface GameRecord {
  index: number;
  result: '1-0' | '0-1' | '1/2-1/2';
  reason: string;
  plies: number;
  moves: string[];
}

/** Scores both engines must agree on (from white's side, for this many plies each) to end a game. */
const RESIGN_SCORE = 1000;
const RESIGN_PLIES = 4;
/** A game this long is scored a draw. */
const MAX_PLIES = 400;

export function playGame(spec: GameSpec, engines: [Engine, Engine]): GameRecord {
  const started = Line.from(START_SBFEN, spec.opening, spec.standard);
  if (!started.ok) throw new Error(`opening ${spec.opening.join(' ')}: ${started.error}`);
  const line = started.value;
  const pos = line.pos;
  const moves = [...spec.opening];
  for (const e of engines) e.newGame();
  const levels = [spec.white, spec.black];
  // Resign adjudication: both sides' own search scores say the same side is lost.
  let agree = 0;
  let lastWhiteView = [0, 0];
  const end = (result: GameRecord['result'], reason: string): GameRecord => ({
    index: spec.index,
    result,
    reason,
    plies: moves.length,
    moves,
  });
  for (;;) {
    if (pos.pendingSquare < 0) {
      const status = positionStatus(pos);
      if (status.status === 'checkmate') return end(status.winner === WHITE ? '1-0' : '0-1', 'checkmate');
      if (status.status !== 'active' && status.status !== 'check')
        return end('1/2-1/2', status.drawReason ?? status.status);
      if (moves.length >= MAX_PLIES) return end('1/2-1/2', `${MAX_PLIES} plies`);
    }
    const side = pos.turn;
    const answer = engines[side].think(line, { level: levels[side], seed: spec.seed });
    if (!answer.move) throw new Error(`no move from ${levels[side]} in a running game`);
    const check = resolveMoveText(pos, answer.text);
    if (!check.ok) throw new Error(`${levels[side]} played ${answer.text}: ${check.error.message}`);
    moves.push(answer.text);
    line.play(answer.move);
    if (answer.source === 'search') {
      const whiteView = side === WHITE ? answer.score : -answer.score;
      lastWhiteView[side] = whiteView;
      const [w, b] = lastWhiteView;
      const decided =
        (Math.abs(w) >= RESIGN_SCORE || isMateScore(w)) && (Math.abs(b) >= RESIGN_SCORE || isMateScore(b));
      agree = decided && Math.sign(w) === Math.sign(b) ? agree + 1 : 0;
      if (agree >= 2 * RESIGN_PLIES) return end(w > 0 ? '1-0' : '0-1', 'adjudicated (both engines agree)');
    } else lastWhiteView = [0, 0];
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const engines: [Engine, Engine] = [new Engine(), new Engine()];
  port.on('message', (spec: GameSpec) => {
    try {
      port.postMessage({ ok: true, record: playGame(spec, engines) });
    } catch (e) {
      port.postMessage({ ok: false, index: spec.index, error: e instanceof Error ? e.message : String(e) });
    }
  });
}
