/** The move route under load: games in parallel, each taking its moves in turn, over keep-alive HTTP. */
import { Agent, request } from 'node:http';
import { Game, moveRequest } from '@sbc/game';
import { isCapture, legalMoves, movePromotion } from '@sbc/rules';

export interface MoveIntention {
  from: string;
  to: string;
  piece: string;
  moveNumber: number;
  player: string;
}

/**
 * A fixed line of `plies` legal moves that keeps the game going: no capture, no promotion, no
 * end, chosen by a fixed rule, so that every game of the benchmark replays the same line. Joins
 * into boxes are in it, as the rules allow them.
 */
export function legalLine(plies: number): MoveIntention[] {
  const created = Game.create();
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const line: MoveIntention[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const candidates = legalMoves(game.position).filter((m) => !isCapture(m) && !movePromotion(m));
    const intention = candidates
      .map((_, i) => candidates[(i + ply * 7) % candidates.length])
      .map((m) => ({ ...moveRequest(m), moveNumber: ply + 1, player: game.turn }))
      .find((i) => {
        if (!game.move(i).ok) return false;
        if (!game.isOver) return true;
        game.undo();
        return false;
      });
    if (!intention) throw new Error(`no quiet move to play at ply ${ply + 1}`);
    line.push(intention);
  }
  return line;
}

export interface Timings {
  /** Each answer's time in ms, in order of completion. */
  latencies: number[];
  errors: string[];
  seconds: number;
}

/** A game of the benchmark and the next move of its line. */
export interface Board {
  id: string;
  next: number;
}

/**
 * Plays for `seconds` with `connections` clients on keep-alive connections. Client k plays the
 * boards k, k + connections, … in turn, one move each round, so that every game's moves go in
 * order and many games are in play at once. Stops early when the lines run out.
 */
export async function driveMoves(
  url: string,
  cookie: string,
  boards: Board[],
  line: MoveIntention[],
  connections: number,
  seconds: number,
): Promise<Timings> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const timings: Timings = { latencies: [], errors: [], seconds: 0 };
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async (k: number) => {
    const mine = boards.filter((_, i) => i % connections === k);
    for (let round = 0; performance.now() < end; round++) {
      const board = mine[round % mine.length];
      if (board.next >= line.length) return;
      const sent = performance.now();
      const { status, body } = await post(
        agent,
        `${url}/api/games/${board.id}/moves`,
        cookie,
        line[board.next],
      );
      timings.latencies.push(performance.now() - sent);
      if (status === 200) board.next++;
      else timings.errors.push(`${status} ${body}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, k) => client(k)));
  timings.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return timings;
}

function post(
  agent: Agent,
  url: string,
  cookie: string,
  body: object,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: {
        cookie,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    req.on('error', fail);
    req.end(payload);
  });
}
