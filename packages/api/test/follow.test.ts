import { Game, positionDigest } from '@sbc/game';
import { describe, expect, it } from 'vitest';
import { FollowedGame, type GameResponse, type MoveFrame } from '../src/index.ts';

const GAME_ID = '00000000-0000-4000-8000-000000000001';
const BOX_ATTACK = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';

function created(sbfen?: string): Game {
  const made = Game.create({ sbfen, mode: 'online' });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** A game answer as the server's view makes it, untimed. */
function response(game: Game, version: number): GameResponse {
  const state = game.state();
  return {
    id: GAME_ID,
    createdAt: new Date(0).toISOString(),
    mode: 'online',
    roomId: 'room',
    whitePlayerId: 'w',
    blackPlayerId: 'b',
    whitePlayer: null,
    blackPlayer: null,
    moveCount: game.moves.length,
    status: game.status().status,
    currentTurn: game.turn,
    winner: game.status().winner,
    drawRequestStatus: null,
    drawRequestedBy: null,
    lastMoveAt: new Date(1000 * version).toISOString(),
    timeControl: { kind: 'untimed' },
    rated: false,
    ratings: { white: null, black: null },
    version,
    gameState: {
      ...state,
      gameTimer: { white: version, black: 0, lastMoveTime: 1000 * version },
      inactivityDeadline: 1000 * version + 60_000,
      clock: null,
    },
  };
}

/** Plays `text` on the server's copy and returns its frame, as the server's relay sends it. */
function frame(game: Game, text: string, version: number): MoveFrame {
  const played = game.playText(text);
  if (!played.ok) throw new Error(played.error.message);
  const ended = game.isOver;
  return {
    type: 'game:move',
    gameId: GAME_ID,
    version,
    text,
    digest: positionDigest(game.position),
    at: 1000 * version,
    spent: { white: version, black: 0 },
    inactivityDeadline: 1000 * version + 60_000,
    ...(ended && {
      end: {
        ...game.status(),
        ratings: { white: null, black: null },
        drawRequestStatus: null,
        drawRequestedBy: null,
      },
    }),
  };
}

const without = ({ inactivityDeadline: _, ...state }: GameResponse['gameState']) => state;

describe('a game followed by its move frames', () => {
  it('derives the state the server holds, through a box attack, its choice and a mate', () => {
    const server = created(BOX_ATTACK);
    const followed = FollowedGame.from(response(server, 0));
    const texts = ['b7c6', 'sac=B', 'd2d3', 'd7d6'];
    texts.forEach((text, i) => {
      const sent = frame(server, text, i + 1);
      const result = followed.apply(sent);
      expect(result.kind).toBe('applied');
      expect(followed.state).toEqual(response(server, i + 1));
    });
    expect(JSON.stringify(frame(server, 'a2a3', 5)).length).toBeLessThan(512);
  });

  it('ends the game with the frame: the result, and a pending draw offer cleared', () => {
    const server = created();
    const followed = FollowedGame.from(response(server, 0));
    const mate = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
    let applied: ReturnType<FollowedGame['apply']> | null = null;
    mate.forEach((text, i) => {
      applied = followed.apply(frame(server, text, i + 1));
    });
    expect(applied!.kind).toBe('applied');
    expect(followed.state.status).toBe('checkmate');
    expect(followed.state.winner).toBe('black');
    expect(without(followed.state.gameState)).toEqual(without(response(server, 4).gameState));
  });

  it('ignores a version it holds, and reports a gap without changing anything', () => {
    const server = created();
    const followed = FollowedGame.from(response(server, 0));
    const first = frame(server, 'e2e4', 1);
    expect(followed.apply(first).kind).toBe('applied');
    expect(followed.apply(first).kind).toBe('stale');
    frame(server, 'e7e5', 2); // lost on the way
    const held = followed.state;
    expect(followed.apply(frame(server, 'g1f3', 3)).kind).toBe('gap');
    expect(followed.state).toBe(held);
  });

  it('reports a mismatched digest, and takes every frame as one until a full state mends it', () => {
    const server = created();
    const followed = FollowedGame.from(response(server, 0));
    expect(followed.apply({ ...frame(server, 'e2e4', 1), digest: '0123456789abcdef' }).kind).toBe('mismatch');
    expect(followed.apply(frame(server, 'e7e5', 2)).kind).toBe('gap');
    expect(followed.reset(response(server, 2))).toBe(true);
    expect(followed.apply(frame(server, 'g1f3', 3)).kind).toBe('applied');
    expect(followed.state).toEqual(response(server, 3));
  });

  it('calls a frame the rules refuse a mismatch', () => {
    const server = created();
    const followed = FollowedGame.from(response(server, 0));
    expect(followed.apply({ ...frame(server, 'e2e4', 1), text: 'e2e5' }).kind).toBe('mismatch');
  });
});
