import { FollowedGame, type GameResponse } from '@sbc/api';
import { Game, moveRequest, positionDigest, type TimeControl, UNTIMED } from '@sbc/game';
import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  COPY,
  JOIN,
  legalMoves,
  type Move,
  moveKind,
  movePiece,
  movePromotion,
  PAWN,
  typeName,
  typeOf,
} from '@sbc/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOnlineGame } from '../src/features/games/online.ts';
import { startServer, type TestServer } from './helpers.ts';
import { redisGroup } from './instances.ts';
import { LiveClient, listen } from './live-helpers.ts';

/** Random games played at once, each by its own pair of players' sockets and one spectator's. */
const GAMES = 200;
const PLIES = 60;
const AT_ONCE = 8;
/** One game in TIMED_EVERY is on a clock (a long one: no flag falls while the test plays). */
const TIMED_EVERY = 4;
const FRAME_MAX = 512;
const LIMITLESS = String(1_000_000);

let server: TestServer;
let url: string;
// With REDIS_URL the frames go through Redis, as between instances.
beforeAll(async () => {
  const redis = process.env.REDIS_URL;
  const env = {
    LIVE_SOCKET_MESSAGES: LIMITLESS,
    LIVE_SOCKET_SYNCS: LIMITLESS,
    LIVE_ADDRESS_MESSAGES: LIMITLESS,
  };
  server = await startServer({ env, ...(redis && { bus: await redisGroup(redis).bus() }) });
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

/** A seeded generator (mulberry32): a failure replays with its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the random games did, to show that they went where the frames are hardest to follow. */
interface Tally {
  moves: number;
  boxes: number;
  attacks: number;
  choices: number;
  promotions: number;
  waitedPromotions: number;
  syncs: number;
  ended: number;
  largest: number;
}

/** A box move (a join, a copy, an attack on a box) weighs more in the random choice. */
const boxy = (m: Move) => [JOIN, COPY, ATTACK_PAWN_BOX, ATTACK_DOUBLE_BOX].includes(moveKind(m));

/**
 * How much a move weighs in the random choice: the moves whose frames are hardest to follow (an
 * attack on a double box and its choice, a promotion) the most, box moves and pawns' more than others.
 */
function weight(m: Move): number {
  if (moveKind(m) === ATTACK_DOUBLE_BOX || movePromotion(m)) return 60;
  if (boxy(m)) return 12;
  return typeOf(movePiece(m)) === PAWN ? 3 : 1;
}

function pick(moves: Move[], next: () => number): Move {
  const weights = moves.map(weight);
  let at = next() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    at -= w;
    if (at < 0) return moves[i];
  }
  return moves[moves.length - 1];
}

/** The state as compared: a running clock's time left is read at a later moment by the sync. */
function comparable(state: GameResponse, running: GameResponse): GameResponse {
  const clock = state.gameState.clock;
  const side = clock?.running;
  if (!clock || !side) return state;
  const held = running.gameState.clock![side];
  return { ...state, gameState: { ...state.gameState, clock: { ...clock, [side]: held } } };
}

/** Two players at a room of the white one's, their sockets and a spectator's, which follows by the frames. */
interface Table {
  white: LiveClient;
  black: LiveClient;
  spectator: LiveClient;
  seats: { roomId: string; white: string; black: string; ownerId: string };
}

async function table(): Promise<Table> {
  const [white, black] = await Promise.all([server.signedIn(), server.signedIn()]);
  const room = await white.post('/api/rooms');
  const [w, b, spectator] = await Promise.all([
    LiveClient.as(url, white),
    LiveClient.as(url, black),
    LiveClient.open(url, {}),
  ]);
  const seats = { roomId: room.body.id, white: white.user.id, black: black.user.id, ownerId: white.user.id };
  return { white: w, black: b, spectator, seats };
}

/** A new game at the table, followed by its three sockets; the spectator's follower from its game:state. */
async function newGame(t: Table, timeControl: TimeControl = UNTIMED) {
  const db = server.app.services.database.db;
  const { id: gameId } = await insertOnlineGame(db, { ...t.seats, timeControl }, server.app.services.now());
  await Promise.all([t.white, t.black].map((c) => c.ask({ type: 'game:watch', gameId }, 'game:state')));
  const watched = await t.spectator.ask({ type: 'game:watch', gameId }, 'game:state');
  return { gameId, followed: FollowedGame.from(watched.state) };
}

/** Asks for the game and checks that the frames led the follower to the same state. */
async function synced(t: Table, gameId: string, followed: FollowedGame, tally: Tally): Promise<void> {
  const { state } = await t.spectator.ask({ type: 'game:sync', gameId, version: 0 }, 'game:state');
  tally.syncs++;
  expect(comparable(followed.state, state)).toEqual(state);
}

/** Plays one random game over the sockets, the spectator following each frame. */
async function playRandom(t: Table, n: number, tally: Tally) {
  const next = random(n + 1);
  const timed = n % TIMED_EVERY === 0;
  const { gameId, followed } = await newGame(
    t,
    timed ? { kind: 'clock', minutes: 30, increment: 0 } : UNTIMED,
  );
  const local = Game.create({ mode: 'online' });
  if (!local.ok) throw new Error(local.error.message);
  const game = local.value;
  let version = followed.state.version;
  for (let ply = 0; ply < PLIES && !game.isOver; ply++) {
    const m = pick(legalMoves(game.position), next);
    version = await decide(t, { gameId, version, game, followed }, m, next, tally);
    tally.moves++;
    if (next() < 0.1) await synced(t, gameId, followed, tally);
  }
  tally.ended += game.isOver ? 1 : 0;
  await synced(t, gameId, followed, tally);
  for (const c of [t.white, t.black]) c.drain();
}

/**
 * Sends the decision `m` (a move, a defender's choice, a promotion now or after its wait), plays it
 * on the client's copy, and applies the spectator's frames to its follower; answers the version after it.
 */
async function decide(
  t: Table,
  {
    gameId,
    version,
    game,
    followed,
  }: { gameId: string; version: number; game: Game; followed: FollowedGame },
  m: Move,
  next: () => number,
  tally: Tally,
): Promise<number> {
  const mover = game.turn === 'white' ? t.white : t.black;
  if (game.position.pendingSquare >= 0) {
    const sacrifice = typeName(typeOf(movePiece(m)));
    tally.choices++;
    mover.send({ type: 'game:choose', gameId, sacrifice, version });
    expect(game.choose(sacrifice).ok).toBe(true);
  } else {
    const request = moveRequest(m);
    const promoted = movePromotion(m);
    const promotion = promoted ? typeName(promoted) : undefined;
    if (boxy(m)) tally.boxes++;
    if (moveKind(m) === ATTACK_PAWN_BOX || moveKind(m) === ATTACK_DOUBLE_BOX) tally.attacks++;
    if (promotion) tally.promotions++;
    if (promotion && next() < 0.5) {
      // The pawn waits on the last rank for its piece: the game comes whole, then the move's frame.
      tally.waitedPromotions++;
      mover.send({ type: 'game:move', gameId, ...request, version });
      const waiting = await t.spectator.next('game:state', (s) => s.gameId === gameId);
      expect(waiting.state.gameState.pendingPromotion).toEqual({ from: request.from, to: request.to });
      expect(followed.reset(waiting.state)).toBe(true);
      mover.send({ type: 'game:promote', gameId, piece: promotion, version: ++version });
    } else {
      mover.send({ type: 'game:move', gameId, ...request, promotion, version });
    }
    expect(game.move({ ...request, promotion }).ok).toBe(true);
  }
  const frame = await t.spectator.next('game:move', (f) => f.gameId === gameId);
  const bytes = Buffer.byteLength(JSON.stringify(frame));
  tally.largest = Math.max(tally.largest, bytes);
  expect(bytes).toBeLessThanOrEqual(FRAME_MAX);
  expect(frame.version).toBe(version + 1);
  expect(frame.digest).toBe(positionDigest(game.position));
  expect(followed.apply(frame).kind).toBe('applied');
  return frame.version;
}

describe('move frames over real sockets', () => {
  it(`follow ${GAMES} random games, boxes, attacks, choices and promotions included, to the state the server holds`, async () => {
    const tally: Tally = {
      moves: 0,
      boxes: 0,
      attacks: 0,
      choices: 0,
      promotions: 0,
      waitedPromotions: 0,
      syncs: 0,
      ended: 0,
      largest: 0,
    };
    let dealt = 0;
    // Each lane, its own two players and sockets, plays game after game.
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        const t = await table();
        try {
          while (dealt < GAMES) await playRandom(t, dealt++, tally);
        } finally {
          for (const c of [t.white, t.black, t.spectator]) c.close();
        }
      }),
    );
    console.info('move frames:', JSON.stringify(tally));
    expect(tally.largest).toBeLessThanOrEqual(FRAME_MAX);
    expect(tally.attacks).toBeGreaterThanOrEqual(GAMES);
    expect(tally.choices).toBeGreaterThanOrEqual(GAMES / 4);
    expect(tally.promotions).toBeGreaterThanOrEqual(5);
    expect(tally.waitedPromotions).toBeGreaterThanOrEqual(1);
  }, 900_000);

  it('heals a lost frame with a sync: the next is a gap, game:sync resets the follower, then frames apply', async () => {
    const t = await table();
    try {
      const { gameId, followed } = await newGame(t);
      const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5'];
      const frames = [];
      for (const [i, text] of line.entries()) {
        const mover = i % 2 === 0 ? t.white : t.black;
        mover.send({ type: 'game:move', gameId, from: text.slice(0, 2), to: text.slice(2), version: i });
        frames.push(await t.spectator.next('game:move', (f) => f.gameId === gameId));
      }
      expect(followed.apply(frames[0]).kind).toBe('applied');
      // frames[1] lost on the way
      expect(followed.apply(frames[2]).kind).toBe('gap');
      expect(followed.state.version).toBe(1);
      const { state } = await t.spectator.ask({ type: 'game:sync', gameId, version: 1 }, 'game:state');
      expect(followed.reset(state)).toBe(true);
      expect(followed.apply(frames[3]).kind).toBe('stale');
      expect(followed.apply(frames[4]).kind).toBe('stale');
      t.black.send({ type: 'game:move', gameId, from: 'a7', to: 'a6', version: 5 });
      expect(followed.apply(await t.spectator.next('game:move', (f) => f.gameId === gameId))).toMatchObject({
        kind: 'applied',
        state: { version: 6, moveCount: 6 },
      });
      const { state: now } = await t.spectator.ask({ type: 'game:sync', gameId, version: 6 }, 'game:state');
      expect(followed.state).toEqual(now);
    } finally {
      for (const c of [t.white, t.black, t.spectator]) c.close();
    }
  });
});
