import type { Result } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Game, type GameError, type GameSetup, MESSAGES, type MoveRequest } from '../src/index.ts';

function game(setup: GameSetup = {}): Game {
  const created = Game.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays `from-to` pairs, failing the test on any refusal; returns the last message. */
function play(g: Game, ...moves: string[]): string | null {
  let message: string | null = null;
  for (const mv of moves) {
    const [from, to] = mv.split('-');
    const r = g.move({ from, to });
    if (!r.ok) throw new Error(`${mv}: ${r.error.message}`);
    message = r.value.message;
  }
  return message;
}

/** The refusal's message, or 'accepted'. */
const refusal = (r: Result<unknown, GameError>) => (r.ok ? 'accepted' : r.error.message);
/** The refusal's code, or 'accepted'. */
const code = (r: Result<unknown, GameError>) => (r.ok ? 'accepted' : r.error.code);

describe('move messages', () => {
  it('says a join created a box, with +SB in the notation and the SBFEN of docs/rules.md', () => {
    const g = game();
    expect(play(g, 'd2-d3', 'e7-e5', 'd1-d3')).toBe('Shared box created!');
    const s = g.state();
    expect(s.sbfen).toBe('rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2');
    expect(s.moveHistory.map((m) => m.notation)).toEqual(['d3', 'e5', 'Qd3+SB']);
    expect(s.moveHistory[2].isSharedBoxCreated).toBe(true);
    expect(s.boxCounts).toEqual({ sameColor: 1, mixed: 0, total: 1, limit: 3 });
    expect(s.sharedBoxes.white[0]).toMatchObject({ coordinate: 'd3', kind: 'pawn', player: 'white' });
  });

  it('says a capture-and-copy created a box of two strong pieces', () => {
    const g = game({ sbfen: '4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1' });
    expect(play(g, 'd1-d5')).toBe(MESSAGES.boxCopied);
    expect(MESSAGES.boxCopied).toBe(
      'Shared box created with 2 strong pieces! Choose which piece to sacrifice when attacked.',
    );
    const s = g.state();
    expect(s.sbfen).toBe('4k3/8/8/3(BR)4/8/8/8/4K3 b - - 0 1');
    expect(s.moveHistory[0].notation).toBe('Rxd5+SB');
    expect(s.capturedPieces.white).toEqual([{ type: 'bishop', color: 'black', hasMoved: true }]);
  });

  it('asks the defender to choose, then reports the sacrifice', () => {
    const g = game({ sbfen: 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4' });
    expect(play(g, 'b7-c6')).toBe('Shared box attacked! White must choose which piece to sacrifice.');
    const pending = g.state().pendingDefenderChoice;
    expect(pending?.defendingSharedBox.options).toEqual(['knight', 'bishop']);
    expect(pending?.defender).toBe('white');
    expect(g.state().sbfen).toBeNull();
    expect(refusal(g.move({ from: 'e1', to: 'e2' }))).toBe(
      'The attacked side must first choose which piece to sacrifice',
    );
    const r = g.choose('bishop');
    expect(r.ok && r.value.message).toBe('Bishop sacrificed, mixed shared box created');
    const s = g.state();
    expect(s.sbfen).toBe('r1bqkbnr/2pp1ppp/p1(Np)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5');
    expect(s.moveHistory[0]).toMatchObject({
      notation: 'bxc6',
      sacrificed: 'bishop',
      texts: ['b7c6', 'sac=B'],
    });
    expect(s.capturedPieces.black).toEqual([{ type: 'bishop', color: 'white', hasMoved: true }]);
    expect(s.sharedBoxes.black).toMatchObject([{ coordinate: 'c6', kind: 'mixed', player: 'black' }]);
  });

  it('offers one option when both pieces of the box are of one type', () => {
    const g2 = game({ sbfen: '4k3/8/8/1p6/2(NN)5/8/8/4K3 b - - 0 1' });
    play(g2, 'b5-c4');
    expect(g2.state().pendingDefenderChoice?.defendingSharedBox.options).toEqual(['knight']);
    expect(refusal(g2.choose('bishop'))).toBe('The attacked box holds no bishop to sacrifice');
  });

  it('reports captures, promotions, castling and en passant', () => {
    expect(play(game(), 'e2-e4', 'd7-d5', 'e4-d5')).toBe('Captured pawn!');
    const promo = game({ sbfen: 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1' });
    expect(refusal(promo.move({ from: 'b7', to: 'b8' }))).toBe('accepted');
    expect(promo.state().pendingPromotion).toEqual({ from: 'b7', to: 'b8' });
    const promoted = promo.promote('queen');
    expect(promoted.ok && promoted.value.message).toBe('Pawn promoted to queen');
    expect(promo.state().moveHistory[0].notation).toBe('b8=Q+');
    const capture = game({ sbfen: 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1' });
    const r = capture.move({ from: 'b7', to: 'a8', promotion: 'knight' });
    expect(r.ok && r.value.message).toBe('Captured rook and promoted to knight!');
    const castle = game({ sbfen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' });
    expect(play(castle, 'e1-g1')).toBe('Kingside castling');
    expect(play(castle, 'e8-c8')).toBe('Queenside castling');
    expect(castle.state().moveHistory.map((m) => m.notation)).toEqual(['O-O', 'O-O-O']);
    const ep = game({ sbfen: '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1' });
    expect(play(ep, 'e5-d6')).toBe('En passant capture');
    expect(ep.state().moveHistory[0]).toMatchObject({
      notation: 'exd6',
      isEnPassant: true,
      capturedPiece: 'pawn',
    });
  });
});

describe('refusals', () => {
  const cases: [string, string, MoveRequest, GameError['code'], string][] = [
    ['a bad coordinate', '', { from: 'z9', to: 'e4' }, 'invalidSquare', 'Invalid target square'],
    ['the same square', '', { from: 'e2', to: 'e2' }, 'invalidMove', 'Invalid move'],
    ['an impossible path', '', { from: 'g1', to: 'g3' }, 'invalidMove', 'Invalid move'],
    ['an empty square', '', { from: 'e4', to: 'e5' }, 'noPiece', 'No piece to move'],
    ["the other side's piece", '', { from: 'e7', to: 'e5' }, 'noPiece', 'No piece to move'],
    [
      'a boxed piece joining',
      '4k3/8/8/8/4P3/3(PQ)4/8/4K3 w - - 0 1',
      { from: 'd3', to: 'e4', piece: 'queen' },
      'boxedPieceCannotCreate',
      'Strong pieces from shared boxes cannot create new shared boxes on their first move',
    ],
    [
      'a fourth box',
      '4k3/8/(pn)(pb)(pr)5/8/8/3P4/8/3QK3 w - - 0 1',
      { from: 'd1', to: 'd3' },
      'boxLimit',
      'Maximum 3 shared boxes allowed total',
    ],
    [
      'a king onto a box',
      '4k3/8/8/8/8/8/3(pn)4/4K3 w - - 0 1',
      { from: 'e1', to: 'd2' },
      'squareHasBox',
      'Square already has a shared box',
    ],
    [
      'a rook onto its own box',
      '4k3/8/8/8/8/3(PN)4/8/3RK3 w - - 0 1',
      { from: 'd1', to: 'd3' },
      'ownBox',
      'Cannot attack your own pieces in shared box',
    ],
    [
      'a rook onto a mixed box',
      '4k3/8/8/8/8/3(Pn)4/8/3RK3 w - - 0 1',
      { from: 'd1', to: 'd3' },
      'ownBox',
      'Cannot attack your own pieces in shared box',
    ],
    [
      'exposing the king',
      '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1',
      { from: 'e2', to: 'c3' },
      'kingInCheck',
      'That move would leave your king in check',
    ],
    [
      'an unnamed piece of a box',
      '4k3/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1',
      { from: 'd3', to: 'd4' },
      'choosePiece',
      'Choose which piece of the shared box moves',
    ],
    [
      'an unknown piece',
      '',
      { from: 'e2', to: 'e4', piece: 'wizard' as never },
      'unknownPiece',
      "Unknown piece 'wizard'",
    ],
  ];
  it.each(cases)(
    'refuses %s with its code and message and changes nothing',
    (_, sbfen, req, expected, message) => {
      const g = game(sbfen ? { sbfen } : {});
      const before = JSON.stringify(g.state());
      const r = g.move(req);
      expect(code(r)).toBe(expected);
      expect(refusal(r)).toBe(message);
      expect(JSON.stringify(g.state())).toBe(before);
    },
  );

  it('lets the named piece of a box move', () => {
    const g = game({ sbfen: '4k3/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1' });
    expect(refusal(g.move({ from: 'd3', to: 'd4', piece: 'pawn' }))).toBe('accepted');
    expect(g.state().sbfen).toBe('4k3/8/8/8/3P4/3Q4/8/4K3 b - - 0 1');
  });

  it('has no defender choice to take when none is pending', () => {
    expect(refusal(game().choose('knight'))).toBe('No pending defender choice');
  });
});

describe('end of the game', () => {
  it('announces checkmate with # in the notation', () => {
    const g = game();
    play(g, 'f2-f3', 'e7-e5', 'g2-g4', 'd8-h4');
    const s = g.state();
    expect(s).toMatchObject({
      gameStatus: 'checkmate',
      winner: 'black',
      statusMessage: 'Checkmate! Black wins!',
    });
    expect(s.moveHistory[3].notation).toBe('Qh4#');
    expect(code(g.move({ from: 'a2', to: 'a3' }))).toBe('gameEnded');
    expect(refusal(g.move({ from: 'a2', to: 'a3' }))).toBe('Game has ended.');
  });

  it('announces check', () => {
    const g = game();
    play(g, 'e2-e4', 'f7-f6', 'd1-h5');
    expect(g.state()).toMatchObject({ gameStatus: 'check', statusMessage: 'Black is in check!' });
    expect(g.state().moveHistory[2].notation).toBe('Qh5+');
  });

  it('announces stalemate', () => {
    const g = game({ sbfen: 'k7/8/1K6/8/8/8/2Q5/8 w - - 0 1' });
    play(g, 'c2-c7');
    expect(g.state()).toMatchObject({ gameStatus: 'stalemate', statusMessage: 'Stalemate! Game is a draw.' });
  });

  it('draws by threefold repetition', () => {
    const g = game();
    play(g, 'g1-f3', 'g8-f6', 'f3-g1', 'f6-g8', 'g1-f3', 'g8-f6', 'f3-g1');
    expect(g.state().gameStatus).toBe('active');
    play(g, 'f6-g8');
    expect(g.state()).toMatchObject({
      gameStatus: 'draw',
      drawReason: 'threefold',
      statusMessage: 'Draw by threefold repetition.',
    });
  });

  it('draws by the fifty-move rule', () => {
    const g = game({ sbfen: '4k3/8/8/8/8/8/8/R3K3 w - - 99 60' });
    play(g, 'a1-a2');
    expect(g.state()).toMatchObject({ gameStatus: 'draw', statusMessage: 'Draw by the fifty-move rule.' });
  });

  it('draws by insufficient material', () => {
    const g = game({ sbfen: '4k3/8/8/8/8/8/8/3rK2N w - - 0 1' });
    play(g, 'e1-d1');
    expect(g.state()).toMatchObject({ gameStatus: 'draw', statusMessage: 'Draw by insufficient material.' });
  });

  it('ends by resignation, agreement and abandonment', () => {
    const r = game();
    expect(r.resign().ok && r.state()).toMatchObject({ gameStatus: 'resigned', winner: 'black' });
    expect(r.state().statusMessage).toBe('White has resigned.');
    expect(refusal(r.undo())).toBe('Game has ended.');
    const d = game();
    d.agreeDraw();
    expect(d.state()).toMatchObject({
      gameStatus: 'draw',
      drawReason: 'agreement',
      statusMessage: 'Game drawn by agreement.',
    });
    const a = game();
    play(a, 'e2-e4');
    a.abandon();
    expect(a.state()).toMatchObject({ gameStatus: 'abandoned', winner: 'white' });
    expect(a.state().statusMessage).toBe('Game abandoned! White wins by default.');
  });
});

describe('undo and redo', () => {
  it('has nothing to undo or redo at the start', () => {
    const g = game();
    expect(refusal(g.undo())).toBe('No moves to undo');
    expect(refusal(g.redo())).toBe('No moves to redo');
  });

  it('undoes and redoes one move at a time in a local game, the move count following', () => {
    const g = game();
    play(g, 'e2-e4', 'e7-e5');
    const u = g.undo();
    expect(u.ok && u.value.message).toBe('Move undone successfully');
    expect(g.state().moveCount).toBe(1);
    const r = g.redo();
    expect(r.ok && r.value.message).toBe('Move redone successfully');
    expect(g.state().moveCount).toBe(2);
    expect(g.state().sbfen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
  });

  it('keeps at most 10 moves to undo and redo', () => {
    const g = game();
    play(
      g,
      'a2-a3',
      'a7-a6',
      'b2-b3',
      'b7-b6',
      'c2-c3',
      'c7-c6',
      'd2-d3',
      'd7-d6',
      'e2-e3',
      'e7-e6',
      'f2-f3',
    );
    for (let i = 0; i < 10; i++) expect(g.undo().ok).toBe(true);
    expect(refusal(g.undo())).toBe('No moves to undo');
    expect(g.state().moveCount).toBe(1);
    for (let i = 0; i < 10; i++) expect(g.redo().ok).toBe(true);
    expect(refusal(g.redo())).toBe('No moves to redo');
    expect(g.state().moveCount).toBe(11);
  });

  it('forgets what was undone when a new move is made', () => {
    const g = game();
    play(g, 'e2-e4', 'e7-e5');
    g.undo();
    play(g, 'd7-d5');
    expect(refusal(g.redo())).toBe('No moves to redo');
  });

  it('steps over the human move and the computer reply on the human turn', () => {
    const g = game({ mode: 'computer', humanColor: 'white' });
    play(g, 'e2-e4', 'e7-e5', 'g1-f3', 'b8-c6');
    const u = g.undo();
    expect(u.ok && u.value.message).toBe('Undone human move and AI response');
    expect(g.state().moveCount).toBe(2);
    const r = g.redo();
    expect(r.ok && r.value.message).toBe('Redone human move and AI response');
    expect(g.state().moveCount).toBe(4);
  });

  it('undoes a single move when only one is stored', () => {
    const g = game({ mode: 'computer', humanColor: 'black' });
    play(g, 'e2-e4');
    const u = g.undo();
    expect(u.ok && u.value.message).toBe('Move undone successfully');
  });

  it('undoes an attack on a double box together with its choice', () => {
    const g = game({ sbfen: 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4' });
    play(g, 'b7-c6');
    g.choose('knight');
    g.undo();
    expect(g.state().sbfen).toBe('r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4');
    g.redo();
    expect(g.state().sbfen).toBe('r1bqkbnr/2pp1ppp/p1(Bp)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5');
  });

  // The same refusal as after a resignation, whatever ended the game (docs/api.md, errors).
  it.each([
    ['checkmate', undefined, ['f2-f3', 'e7-e5', 'g2-g4', 'd8-h4'], 'checkmate'],
    ['stalemate', '7k/8/6Q1/8/8/8/8/K7 w - - 0 1', ['g6-f7'], 'stalemate'],
    ['the fifty-move rule', '4k3/8/8/8/8/8/8/R3K3 w - - 99 60', ['a1-a2'], 'draw'],
    ['insufficient material', '4k3/8/8/8/8/8/8/3rK2N w - - 0 1', ['e1-d1'], 'draw'],
  ])('refuses undo and redo after %s', (_end, sbfen, moves, status) => {
    const g = game({ sbfen });
    play(g, ...moves);
    expect(g.state()).toMatchObject({ gameStatus: status, canUndo: false, canRedo: false });
    expect([code(g.undo()), code(g.redo())]).toEqual(['gameEnded', 'gameEnded']);
    expect(g.state().gameStatus).toBe(status);
  });

  it('is not available online', () => {
    const g = game({ mode: 'online' });
    play(g, 'e2-e4');
    expect(code(g.undo())).toBe('undoOnline');
    expect(refusal(g.undo())).toBe('Undo and redo are not available in online games');
    expect(g.state().canUndo).toBe(false);
  });
});

describe('records', () => {
  it('rebuilds the same game from its record', () => {
    const g = game({ sbfen: 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4' });
    play(g, 'b7-c6');
    g.choose('bishop');
    play(g, 'e1-g1', 'a8-a7');
    g.undo();
    const again = Game.fromRecord(JSON.parse(JSON.stringify(g.toRecord())));
    expect(again.ok && JSON.stringify(again.value.state())).toBe(JSON.stringify(g.state()));
  });

  it('catches up with a later record of itself as a rebuild would, refusing one that does not continue it', () => {
    const sbfen = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';
    const g = game({ sbfen });
    const behind = game({ sbfen });
    play(g, 'b7-c6');
    expect(behind.catchUp(g.toRecord())).toBe(true); // the attack, its choice pending
    g.choose('bishop');
    play(g, 'e1-g1');
    g.resign();
    const record = JSON.parse(JSON.stringify(g.toRecord()));
    expect(behind.catchUp(record)).toBe(true);
    expect(JSON.stringify(behind.state())).toBe(JSON.stringify(g.state()));
    expect(JSON.stringify(behind.toRecord())).toBe(JSON.stringify(record));
    const undone = game({ sbfen });
    play(undone, 'b7-c6');
    undone.choose('bishop');
    play(undone, 'e1-g1');
    const ahead = Game.fromRecord(undone.toRecord());
    undone.undo();
    expect(ahead.ok && ahead.value.catchUp(undone.toRecord())).toBe(false);
    const other = game({ sbfen });
    play(other, 'b7-b6');
    expect(other.catchUp(undone.toRecord())).toBe(false);
  });

  it('refuses a record with an illegal move and names it', () => {
    const record = game().toRecord();
    record.moves = [['e2e4'], ['e7e5'], ['e1e3']];
    expect(refusal(Game.fromRecord(record))).toBe('move 3 (e1e3): illegal move: e1e3');
    expect(code(Game.fromRecord(record))).toBe('recordMove');
  });

  it('refuses a malformed start position', () => {
    expect(refusal(Game.create({ sbfen: 'not a position' }))).toMatch(/6 fields/);
    expect(code(Game.create({ sbfen: 'not a position' }))).toBe('sbfenFieldCount');
  });
});
