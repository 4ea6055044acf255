/**
 * One game of `npm run match`: the referee is the rules package's status, the players are levels
 * of this engine or UCI engines (`players.ts`). Runs in a worker thread (bottom of the file) or
 * in-process. Adjudication (docs/engine.md §8): the rules, then resign and draw agreement of both
 * sides' own scores, then a cap on the game's length. A move that is not legal, or no move at
 * all, loses the game for the side that owed it.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { resolveMoveText } from '@sbc/game';
import { moveText, positionStatus, START_SBFEN, WHITE } from '@sbc/rules';
import { Line } from './line.ts';
import { type Player, type PlayerSpec, startPlayer } from './players.ts';

export interface GameSpec {
  index: number;
  /** Side A and side B of the match. */
  a: PlayerSpec;
  b: PlayerSpec;
  aWhite: boolean;
  /** Opening moves in move text, played before the players take over. */
  opening: string[];
  standard: boolean;
  /** Seed of the levels' random choices in this game. */
  seed: number;
  /** Time per move for both sides; unset, levels take their own time. */
  movetimeMs?: number;
  /** Nodes per move for both sides, instead of time. */
  nodes?: number;
}

export type GameResult = '1-0' | '0-1' | '1/2-1/2';

export interface GameRecord {
  index: number;
  result: GameResult;
  reason: string;
  plies: number;
  moves: string[];
  /** A side failed (crashed, timed out): its process should be started afresh. */
  failed?: boolean;
}

/** Scores both sides must agree on (from white's side, for this many moves each) to end a game. */
export const RESIGN_SCORE = 1000;
const RESIGN_MOVES = 4;
/** From this ply on, both sides' scores within DRAW_SCORE for DRAW_MOVES moves each is a draw. */
export const DRAW_FROM_PLY = 160;
const DRAW_SCORE = 10;
const DRAW_MOVES = 8;
/** A game this long is scored a draw. */
export const MAX_PLIES = 400;

/**
 * Adjudication by the sides' own scores (white's view, the last one of each side; undefined after
 * a move without a search). `verdict` answers once the agreement has lasted long enough.
 */
export class Agreement {
  private readonly last: (number | undefined)[] = [undefined, undefined];
  private resign = 0;
  private draw = 0;

  verdict(side: number, whiteView: number | undefined, ply: number): GameResult | undefined {
    this.last[side] = whiteView;
    const [w, b] = this.last;
    if (w === undefined || b === undefined) {
      this.resign = this.draw = 0;
      return undefined;
    }
    const lost = Math.abs(w) >= RESIGN_SCORE && Math.abs(b) >= RESIGN_SCORE && Math.sign(w) === Math.sign(b);
    this.resign = lost ? this.resign + 1 : 0;
    if (this.resign >= 2 * RESIGN_MOVES) return w > 0 ? '1-0' : '0-1';
    const level = ply >= DRAW_FROM_PLY && Math.abs(w) <= DRAW_SCORE && Math.abs(b) <= DRAW_SCORE;
    this.draw = level ? this.draw + 1 : 0;
    return this.draw >= 2 * DRAW_MOVES ? '1/2-1/2' : undefined;
  }
}

/** Plays one game; `players` are A and B. */
export async function playGame(spec: GameSpec, players: { a: Player; b: Player }): Promise<GameRecord> {
  const started = Line.from(START_SBFEN, spec.opening, spec.standard);
  if (!started.ok) throw new Error(`opening ${spec.opening.join(' ')}: ${started.error}`);
  const line = started.value;
  const pos = line.pos;
  const moves = [...spec.opening];
  const sides = spec.aWhite ? [players.a, players.b] : [players.b, players.a];
  const names = spec.aWhite ? ['A', 'B'] : ['B', 'A'];
  for (const p of sides) await p.newGame();
  const agreement = new Agreement();
  const end = (result: GameResult, reason: string): GameRecord => ({
    index: spec.index,
    result,
    reason,
    plies: moves.length,
    moves,
  });
  const loss = (side: number, reason: string) =>
    end(side === WHITE ? '0-1' : '1-0', `${names[side]} ${reason}`);
  for (;;) {
    if (pos.pendingSquare < 0) {
      const status = positionStatus(pos);
      if (status.status === 'checkmate') return end(status.winner === WHITE ? '1-0' : '0-1', 'checkmate');
      if (status.status !== 'active' && status.status !== 'check')
        return end('1/2-1/2', status.drawReason ?? status.status);
      if (moves.length >= MAX_PLIES) return end('1/2-1/2', `${MAX_PLIES} plies`);
    }
    const side = pos.turn;
    let answer: Awaited<ReturnType<Player['move']>>;
    try {
      answer = await sides[side].move(line, moves, spec.seed);
    } catch (e) {
      return { ...loss(side, `failed: ${e instanceof Error ? e.message : String(e)}`), failed: true };
    }
    const move = resolveMoveText(pos, answer.text);
    if (!move.ok) return loss(side, `played an illegal move '${answer.text}': ${move.error.message}`);
    moves.push(moveText(pos, move.value));
    line.play(move.value);
    const whiteView = answer.score === undefined ? undefined : side === WHITE ? answer.score : -answer.score;
    const verdict = agreement.verdict(side, whiteView, moves.length);
    if (verdict)
      return end(verdict, verdict === '1/2-1/2' ? 'adjudicated draw' : 'adjudicated (both sides agree)');
  }
}

/** A side's player, restarted when the spec changes (the ladder's rungs). */
class Seat {
  private key = '';
  private player: Player | null = null;

  async get(spec: PlayerSpec, game: GameSpec): Promise<Player> {
    const key = JSON.stringify([spec, game.standard, game.movetimeMs, game.nodes]);
    if (this.player && key === this.key) return this.player;
    await this.player?.close();
    this.player = null;
    this.player = await startPlayer(spec, game.standard, game);
    this.key = key;
    return this.player;
  }

  async close(): Promise<void> {
    await this.player?.close();
    this.player = null;
  }
}

/** Worker messages: a game to play, or null to close the players and leave. */
if (!isMainThread && parentPort) {
  const port = parentPort;
  const seats = { a: new Seat(), b: new Seat() };
  port.on('message', async (spec: GameSpec | null) => {
    if (spec === null) {
      await Promise.all([seats.a.close(), seats.b.close()]);
      port.close();
      return;
    }
    try {
      const players = { a: await seats.a.get(spec.a, spec), b: await seats.b.get(spec.b, spec) };
      const record = await playGame(spec, players);
      if (record.failed) await Promise.all([seats.a.close(), seats.b.close()]);
      port.postMessage({ ok: true, record });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      port.postMessage({ ok: false, index: spec.index, error: message });
    }
  });
}
