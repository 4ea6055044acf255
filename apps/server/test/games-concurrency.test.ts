import { Game, type GameRecord, moveRequest } from '@sbc/game';
import { isCapture, legalMoves } from '@sbc/rules';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyIntention } from '../src/features/games/intentions.ts';
import { STALE_GAME } from '../src/features/games/save.ts';
import { commit } from '../src/features/games/service.ts';
import { loadGame } from '../src/features/games/store.ts';
import { createGame, snapshot } from './game-helpers.ts';
import { ORIGIN, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
// PGlite starts in a few seconds, longer on a busy machine.
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const PAIRS = 50;

function replay(record: GameRecord): Game {
  const game = Game.fromRecord(record);
  if (!game.ok) throw new Error(game.error.message);
  return game.value;
}

/**
 * Two different legal moves for the side to move, each of which keeps the game going (no capture,
 * no check, no end, no promotion), so that whichever of the two wins the race, the next pair can follow.
 */
function twoMoves(record: GameRecord, seed: number) {
  const game = replay(record);
  const candidates = legalMoves(game.position).filter((m) => !isCapture(m));
  const next = game.moves.length + 1;
  const player = game.turn;
  const chosen: (ReturnType<typeof moveRequest> & { moveNumber: number; player: string })[] = [];
  for (let i = 0; i < candidates.length && chosen.length < 2; i++) {
    const m = candidates[(seed * 7 + i * 13) % candidates.length];
    const request = moveRequest(m);
    if (chosen.some((c) => c.from === request.from && c.to === request.to)) continue;
    const intention = { ...request, moveNumber: next, player };
    const played = game.move(intention);
    // A move that gives check could leave the reply with a single move and no pair to race.
    if (played.ok && game.moves.length === next && game.status().status === 'active') chosen.push(intention);
    if (game.moves.length === next) game.undo();
  }
  expect(chosen).toHaveLength(2);
  return chosen;
}

it('lets only the first of two writers of one version store its change', async () => {
  const agent = await server.signedIn();
  const { id } = await createGame(agent);
  const services = server.app.services;
  const [first, second] = [
    await loadGame(services.database.db, id),
    await loadGame(services.database.db, id),
  ];
  const before = await snapshot(server, id);
  const move = (to: string) => ({ action: 'move' as const, from: 'e2', to });
  await commit(services, server.app.log, first!, applyIntention(first!, agent.user.id, move('e4')));
  const lost = commit(services, server.app.log, second!, applyIntention(second!, agent.user.id, move('e3')));
  await expect(lost).rejects.toMatchObject({ statusCode: 409, message: STALE_GAME });
  const after = await snapshot(server, id);
  expect(after.game.version).toBe(before.game.version + 1);
  expect(after.moves.map((m) => m.notation)).toEqual(['e4']);
});

it(`applies exactly one of two simultaneous moves, ${PAIRS} times over real HTTP`, async () => {
  const agent = await server.signedIn();
  const { id } = await createGame(agent);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = async (body: object) => {
    const res = await fetch(`${address}/api/games/${id}/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: ORIGIN },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string; moveCount: number } };
  };

  let successes = 0;
  let versionConflicts = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    const { game } = await snapshot(server, id);
    const results = await Promise.all(twoMoves(game.record as GameRecord, pair).map(post));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results)).toEqual([200, 409]);
    successes += 1;
    expect(results.find((r) => r.status === 200)!.body.moveCount).toBe(successes);
    // The loser either lost the version race or, loading after the winner, asked for a stale move.
    const loser = results.find((r) => r.status === 409)!.body.message;
    if (loser === STALE_GAME) versionConflicts++;
    else expect(loser).toMatch(/^The next move is move \d+ for (white|black)/);
  }

  const { game, moves } = await snapshot(server, id);
  expect(game).toMatchObject({
    moveCount: successes,
    version: successes,
    status: expect.stringMatching(/active|check/),
  });
  const replayed = replay(game.record as GameRecord);
  expect(replayed.moves).toHaveLength(successes);
  expect(moves.map((m) => [m.moveNumber, m.player, m.notation])).toEqual(
    replayed.moves.map((m) => [m.moveNumber, m.player, m.notation]),
  );
  // Both kinds of loss are expected; report how the races went.
  console.info(
    `${PAIRS} pairs: ${versionConflicts} lost the version race, ${PAIRS - versionConflicts} were stale`,
  );
});
