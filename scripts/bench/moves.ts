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
 * into boxes are in it, as the rules allow them. A ply with no such move takes the one before back
 * and plays its next choice instead. `sparePawns` puts the pawns' moves after the others' until the
 * fifty-move rule draws near, which takes the line past the 300 plies the plain rule reaches (to 498).
 */
export function legalLine(plies: number, { sparePawns = false } = {}): MoveIntention[] {
  const created = Game.create();
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const line: MoveIntention[] = [];
  /** For each ply of the line, its choices not yet tried, in the rule's order. */
  const untried: ReturnType<typeof choices>[] = [];
  while (line.length < plies) {
    const ply = line.length;
    untried[ply] ??= choices(game, ply, sparePawns);
    const intention = untried[ply].shift();
    if (!intention) {
      if (ply === 0) throw new Error(`no line of ${plies} quiet moves`);
      untried.length = ply;
      line.pop();
      // The game takes back its last ten moves at most: a dead end deeper than that ends the line.
      if (!game.undo().ok) throw new Error(`no line of ${plies} quiet moves past ply ${ply}`);
    } else if (game.move(intention).ok) {
      if (game.isOver) game.undo();
      else line.push(intention);
    }
  }
  return line;
}

/** Fifty-move rule's count (halfmoves) from which a spared pawn may move again. */
const PAWNS_DUE = 90;

/** The quiet moves of the position, from the ply's own starting point, spared pawns last. */
function choices(game: Game, ply: number, sparePawns: boolean) {
  const quiet = legalMoves(game.position).filter((m) => !isCapture(m) && !movePromotion(m));
  const ordered = quiet
    .map((_, i) => quiet[(i + ply * 7) % quiet.length])
    .map((m) => ({ ...moveRequest(m), moveNumber: ply + 1, player: game.turn }));
  if (!sparePawns || game.position.halfmove >= PAWNS_DUE) return ordered;
  return [...ordered.filter((i) => i.piece !== 'pawn'), ...ordered.filter((i) => i.piece === 'pawn')];
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
