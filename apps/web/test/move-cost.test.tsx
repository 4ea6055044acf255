import type { Game } from '@sbc/game';
import {
  isCapture,
  legalMoves,
  movePiece,
  moveText,
  PAWN,
  parseSbfen,
  positionStatus,
  START_SBFEN,
  typeOf,
} from '@sbc/rules';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { newGame } from './helpers.tsx';
import { fakeSockets, moveFrame, onlineGame, openGame } from './live-helpers.ts';
import { countRenders } from './render-count.ts';

/**
 * A game of `plies` decisions still going: at each, the first of the legal moves in an order drawn
 * from a fixed seed (captures last, pawn moves first as the fifty-move count grows) that keeps it
 * going. The same seed makes a longer game continue a shorter one.
 */
function longGame(plies: number): Game {
  const game = newGame({ mode: 'online' });
  const parsed = parseSbfen(START_SBFEN);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pos = parsed.value;
  let seed = 7;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const going = (m: number) => {
    pos.play(m);
    const { status } = positionStatus(pos);
    pos.undo();
    return status === 'active' || status === 'check';
  };
  for (let ply = 0; ply < plies; ply++) {
    const ranked = legalMoves(pos).map((m) => {
      const pawn = typeOf(movePiece(m)) === PAWN;
      return { m, rank: random() + (isCapture(m) ? 2 : 0) - (pawn && pos.halfmove > 40 ? 1 : 0) };
    });
    const next = ranked.sort((a, b) => a.rank - b.rank).find((c) => going(c.m));
    if (!next) throw new Error(`no move keeps the game going at ply ${ply}`);
    const played = game.playText(moveText(pos, next.m));
    if (!played.ok) throw new Error(played.error.message);
    pos.play(next.m);
  }
  return game;
}

/**
 * Ada (u1) plays Black: the frame of White's move arrives at her page, which she then moves on.
 * No inactivity deadline: its countdown's tick, once a second, is no part of a move's cost.
 */
const asBlack = (game: Game) => {
  const shown = onlineGame(game, {
    whitePlayerId: 'u2',
    blackPlayerId: 'u1',
    whitePlayer: { username: 'bob' },
    blackPlayer: { username: 'ada' },
  });
  return { ...shown, gameState: { ...shown.gameState, inactivityDeadline: null } };
};

/** The components the opponent's page renders for one frame of White's move after `plies` plies. */
async function rendersOfFrame(plies: number): Promise<Map<string, number>> {
  const { socket, unmount } = await openGame(asBlack(longGame(plies)));
  const after = longGame(plies + 1);
  const stop = countRenders();
  socket.receive(moveFrame(after, asBlack(after)));
  const last = after.moves.at(-1)?.notation;
  await waitFor(() => expect(screen.getByRole('button', { current: 'step' }).textContent).toContain(last));
  await new Promise((done) => setTimeout(done, 100)); // the renders that follow (effects, deferred)
  const counts = stop();
  unmount();
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
/** What the changed squares draw (the pieces, a box's frame) differs from one position to another. */
const DRAWN = new Set(['PieceIcon', 'BoxFrame', 'TargetMark']);
const perMove = (counts: Map<string, number>) =>
  Object.fromEntries([...counts].filter(([name]) => !DRAWN.has(name)));

describe('A move frame’s cost on the page does not grow with the game (issue 46)', () => {
  beforeEach(fakeSockets);

  it('renders as many components for a move after 300 plies as after 10', async () => {
    const short = await rendersOfFrame(10);
    fakeSockets();
    const long = await rendersOfFrame(300);
    // The figures, for the record (docs/architecture.md §6): the components rendered in all.
    console.info(`a frame renders ${total(short)} components after 10 plies, ${total(long)} after 300`);
    expect(perMove(long)).toEqual(perMove(short));
    // What a move leaves as it was is skipped: the header in both renders, the controls but in the
    // panels' (their state is the deferred one).
    expect(long.get('BoardSettingsButton')).toBeUndefined();
    expect(long.get('GameControls')).toBe(1);
  });
});
