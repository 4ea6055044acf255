import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import type { ComputerPlayer } from '../src/features/game/lib/engine.ts';
import {
  clickSquare as click,
  drawScoreOf,
  fakeServer,
  GAME_ID,
  gameShown,
  label,
  newGame,
  renderApp,
  type Timing,
} from './helpers.tsx';

const moveCalls = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.method !== 'GET' && !c.url.includes('check-abandoned'));

/** ¼+0 with `leftMs` on the computer's clock (its side `computer`), whose turn it is. */
const lowClock = (computer: 'white' | 'black', leftMs: number): Timing => ({
  timeControl: { kind: 'clock', minutes: 0.25, increment: 0 },
  clock: {
    white: 14_000,
    black: 14_000,
    [computer]: leftMs,
    running: computer,
    deadline: null,
    aborts: false,
    plies: [],
  },
});

const playAll = (game: ReturnType<typeof newGame>, texts: string[]) => {
  for (const t of texts) {
    const r = game.playText(t);
    if (!r.ok) throw new Error(r.error.message);
  }
  return game;
};

describe('Game screen, local game', () => {
  it('shows the move at once, sends the intention and takes the server’s answer', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame());
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    expect(screen.getByText('Game starting - make your first move!')).toBeTruthy();
    await click(user, 'e2');
    await click(user, 'e4');
    expect(label('e4')).toMatch(/^e4, white pawn/);
    expect(moveCalls(server)[0]).toEqual({
      method: 'POST',
      url: `/api/games/${GAME_ID}/moves`,
      body: { from: 'e2', to: 'e4', piece: 'pawn', moveNumber: 1, player: 'white' },
    });
    await waitFor(() => expect(screen.getByText('Turn').nextSibling?.textContent).toBe('Black'));
    expect(screen.getAllByRole('row').some((r) => r.textContent === '1.e4...')).toBe(true);
  });

  it('puts the board back and says why when the server refuses a move', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame());
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    server.reject = {
      status: 409,
      message: 'The next move is move 2 for black; reload the game and try again',
    };
    await click(user, 'g1');
    await click(user, 'f3');
    expect(await screen.findByText('Invalid Move')).toBeTruthy();
    expect(screen.getByText('The next move is move 2 for black; reload the game and try again')).toBeTruthy();
    await waitFor(() => expect(label('g1')).toMatch(/^g1, white knight/));
    expect(label('f3')).toMatch(/^f3, empty/);
  });

  it('asks the attacked side which piece to sacrifice', async () => {
    const user = userEvent.setup();
    // 1.e3 e5 2.Nf3 Bc5 3.Nc3 Bd4 4.Nxd4+SB exd4: White's (NB) box on d4 is attacked.
    const server = fakeServer(
      playAll(newGame(), ['e2e3', 'e7e5', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'e5d4']),
    );
    renderApp(<GameScreen gameId={GAME_ID} />);
    const dialog = await screen.findByRole('dialog', { name: 'Your shared box is under attack!' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Knight', 'Bishop']);
    await user.click(within(dialog).getByRole('button', { name: 'Knight' }));
    expect(moveCalls(server)[0].body).toEqual({ action: 'choose', sacrifice: 'knight' });
    expect(await screen.findByText('Knight sacrificed, mixed shared box created')).toBeTruthy();
    expect(screen.getByText('Defender Choice')).toBeTruthy();
    await waitFor(() => expect(label('d4')).toMatch(/^d4, white bishop and black pawn/));
  });

  it('asks for the promotion piece', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame({ sbfen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' }));
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    await click(user, 'e7');
    await click(user, 'e8');
    const dialog = await screen.findByRole('dialog', { name: 'Choose Promotion Piece' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Queen', 'Rook', 'Bishop', 'Knight']));
    await user.click(within(dialog).getByRole('button', { name: 'Queen' }));
    expect(moveCalls(server)[0].body).toMatchObject({ from: 'e7', to: 'e8', promotion: 'queen' });
    expect(await screen.findByText('Pawn promoted to queen')).toBeTruthy();
    expect(screen.getByText('Pawn Promotion')).toBeTruthy();
    expect(label('e8')).toMatch(/^e8, white queen/);
  });

  it('undoes through the server', async () => {
    const user = userEvent.setup();
    const server = fakeServer(playAll(newGame(), ['e2e4']));
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(moveCalls(server)[0].body).toEqual({ action: 'undo' });
    expect(await screen.findByText('Move undone successfully')).toBeTruthy();
    expect(label('e2')).toMatch(/^e2, white pawn/);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', false),
    );
  });

  it('offers neither undo nor redo once the game has ended, by checkmate too', async () => {
    fakeServer(playAll(newGame(), ['f2f3', 'e7e5', 'g2g4', 'd8h4']));
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', true);
  });

  it('resigns after confirmation, then shows the banner and, 1.5 s later, Game Over', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame());
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resign' }));
    expect(moveCalls(server)[0].url).toBe(`/api/games/${GAME_ID}/resign`);
    expect((await screen.findByRole('alert')).textContent).toBe('White has resigned.');
    expect(screen.queryByRole('dialog', { name: 'Game Over' })).toBeNull();
    const over = await screen.findByRole('dialog', { name: 'Game Over' }, { timeout: 3000 });
    expect(within(over).getByText('White has resigned.')).toBeTruthy();
    expect(within(over).queryByRole('button', { name: /Play again/ })).toBeNull();
  });

  it.each([{ mode: 'local' }, { mode: 'computer', humanColor: 'black' }] as const)(
    'offers Draw and Resign while the player is in check ($mode)',
    async (setup) => {
      // 1.e4 f5 2.Qh5+: Black, to move, is in check. The computer (White) is not to move: it never searches.
      fakeServer(playAll(newGame(setup), ['e2e4', 'f7f5', 'd1h5']));
      const computer: ComputerPlayer = { bestMove: vi.fn(), drawScore: vi.fn() };
      renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
      await gameShown();
      expect(screen.getByText('Black is in check!')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Draw' })).toHaveProperty('disabled', false);
      expect(screen.getByRole('button', { name: 'Resign' })).toHaveProperty('disabled', false);
    },
  );

  it('explains a box mate: marks the checker and the king, says why, and Why? opens the rules there', async () => {
    const user = userEvent.setup();
    // Bxf7 takes the knight and copies it: the new white knight mates from the (NB) box.
    fakeServer(newGame({ sbfen: '5qrk/5npp/8/8/2B5/8/8/4K3 w - - 0 1' }));
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    await click(user, 'c4');
    await click(user, 'f7');
    const over = await screen.findByRole('dialog', { name: 'Game Over' }, { timeout: 3000 });
    expect(
      within(over).getByText(
        /^The white knight in the double box on f7 gives check: an attack on the box lets White choose which piece to give up, so White keeps the knight\./,
      ),
    ).toBeTruthy();
    expect(label('f7')).toMatch(/gives check/);
    expect(label('h8')).toMatch(/in check/);
    expect(label('f8')).not.toMatch(/gives check/);
    await user.click(within(over).getByRole('button', { name: 'Why?' }));
    const rules = await screen.findByRole('dialog', { name: 'Shared Box Chess Rules' });
    const section = within(rules).getByRole('heading', { name: '5. Attacking a shared box' });
    await waitFor(() => expect(document.activeElement).toBe(section));
  });

  it('opens the rules with eleven sections', async () => {
    const user = userEvent.setup();
    fakeServer(newGame());
    renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    await user.click(screen.getByRole('button', { name: 'Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shared Box Chess Rules' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(11);
  });
});

/** The computer plays White: 4...exd4 attacks its (NB) box. */
const ATTACK_ON_THE_COMPUTERS_BOX = ['e2e3', 'e7e5', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'e5d4'];

describe('Game screen, computer game', () => {
  it('thinks, highlights the chosen piece, then plays its move', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    const server = fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'easy' }));
    const bestMove = vi.fn(() => ({ answer: Promise.resolve('e7e5'), cancel: () => {} }));
    const computer: ComputerPlayer = { bestMove, drawScore: drawScoreOf(0) };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    expect(screen.getByText('Computer (Easy)')).toBeTruthy();
    await click(user, 'e2');
    await click(user, 'e4');
    expect(await screen.findByText('Computer is thinking...')).toBeTruthy();
    await waitFor(() => expect(label('e7')).toMatch(/computer's piece/));
    expect(bestMove).toHaveBeenCalledWith(
      {
        sbfen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        moves: ['e2e4'],
        standard: false,
        level: 'easy',
      },
      expect.any(Function),
    );
    // While the computer is to move the human's clicks offer premoves only (none is queued here).
    await click(user, 'd2');
    expect(label('d4')).toMatch(/possible premove$/);
    await click(user, 'd2');
    expect(label('d2')).not.toMatch(/selected/);
    await waitFor(() => expect(label('e5')).toMatch(/^e5, black pawn/), { timeout: 4000 });
    expect(moveCalls(server)[1].body).toEqual({ from: 'e7', to: 'e5', moveNumber: 2, player: 'black' });
    await waitFor(() => expect(screen.queryByText('Computer is thinking...')).toBeNull());
  });

  it('highlights the piece of its best move so far while a long (hard) search goes on', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' }));
    let answer = (_text: string) => {};
    const computer: ComputerPlayer = {
      bestMove: (_request, onBest) => {
        // The first iteration's best move is known at once; the answer comes much later.
        setTimeout(() => onBest?.('d7d5'), 0);
        return { answer: new Promise<string>((r) => (answer = r)), cancel: () => {} };
      },
      drawScore: drawScoreOf(0),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    await click(user, 'e2');
    await click(user, 'e4');
    await waitFor(() => expect(label('d7')).toMatch(/computer's piece/));
    expect(moveCalls(server)).toHaveLength(1);
    // The search ends on another move: its piece is the one shown, then played.
    act(() => answer('e7e5'));
    await waitFor(() => expect(label('e7')).toMatch(/computer's piece/));
    expect(label('d7')).not.toMatch(/computer's piece/);
    await waitFor(() => expect(label('e5')).toMatch(/^e5, black pawn/), { timeout: 4000 });
  });

  it('plays a premove queued while it thinks as soon as its move is shown', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    const server = fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'easy' }));
    const computer: ComputerPlayer = {
      bestMove: () => ({ answer: Promise.resolve('e7e5'), cancel: () => {} }),
      drawScore: drawScoreOf(0),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    await click(user, 'e2');
    await click(user, 'e4');
    expect(await screen.findByText('Computer is thinking...')).toBeTruthy();
    await click(user, 'g1');
    await click(user, 'f3');
    expect(label('f3')).toMatch(/premove$/);
    await waitFor(() => expect(moveCalls(server)).toHaveLength(3), { timeout: 5000 });
    expect(moveCalls(server)[2].body).toEqual({
      from: 'g1',
      to: 'f3',
      piece: 'knight',
      moveNumber: 3,
      player: 'white',
    });
    await waitFor(() => expect(label('f3')).toMatch(/^f3, white knight/));
  });

  it('offers Play again and Play again as Black in its Game Over dialog', async () => {
    const user = userEvent.setup();
    const server = fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' }));
    const computer: ComputerPlayer = {
      bestMove: () => ({ answer: new Promise<string>(() => {}), cancel: () => {} }),
      drawScore: drawScoreOf(0),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resign' }));
    const over = await screen.findByRole('dialog', { name: 'Game Over' }, { timeout: 3000 });
    await user.click(within(over).getByRole('button', { name: 'Play again as Black' }));
    await user.click(within(over).getByRole('button', { name: 'Play again' }));
    expect(moveCalls(server).filter((c) => c.url === '/api/games')).toEqual([
      {
        method: 'POST',
        url: '/api/games',
        body: { isComputerGame: true, humanPlayer: 'black', aiDifficulty: 'hard', standard: false },
      },
      {
        method: 'POST',
        url: '/api/games',
        body: { isComputerGame: true, humanPlayer: 'white', aiDifficulty: 'hard', standard: false },
      },
    ]);
  });

  it('answers an attack on its double box after 1.5 s, giving up the cheaper piece', async () => {
    const game = playAll(newGame({ mode: 'computer', humanColor: 'black' }), ATTACK_ON_THE_COMPUTERS_BOX);
    const server = fakeServer(game);
    const computer: ComputerPlayer = {
      drawScore: drawScoreOf(0),
      bestMove: vi.fn(() => ({ answer: new Promise<string>(() => {}), cancel: () => {} })),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    expect(screen.queryByRole('dialog', { name: 'Your shared box is under attack!' })).toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 1000)));
    expect(moveCalls(server)).toHaveLength(0);
    await waitFor(
      () => expect(moveCalls(server)[0]?.body).toEqual({ action: 'choose', sacrifice: 'knight' }),
      {
        timeout: 2000,
      },
    );
  });

  it('on the clock caps its search and plays within the cap, without the pauses', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    // 1.2 s left: a cap of 40 ms (1200 / 30), where an untimed turn shows its move for 1.5 s.
    const game = newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' });
    const server = fakeServer(game, lowClock('black', 1200));
    let asked = 0;
    const bestMove = vi.fn(() => {
      asked = performance.now();
      return { answer: Promise.resolve('e7e5'), cancel: () => {} };
    });
    renderApp(<GameScreen gameId={GAME_ID} computer={{ bestMove, drawScore: drawScoreOf(0) }} />);
    await gameShown();
    await click(user, 'e2');
    await click(user, 'e4');
    await waitFor(() => expect(moveCalls(server)).toHaveLength(2), { timeout: 3000 });
    expect(performance.now() - asked).toBeLessThan(1000);
    expect(bestMove).toHaveBeenCalledWith(
      expect.objectContaining({ level: 'hard', limits: { maxTimeMs: 40 } }),
      expect.any(Function),
    );
  });

  it('in a correspondence game thinks as in an untimed one', async () => {
    const user = userEvent.setup();
    const game = newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' });
    fakeServer(game, {
      timeControl: { kind: 'correspondence', days: 1 },
      clock: {
        white: 86_400_000,
        black: 86_400_000,
        running: 'black',
        deadline: null,
        aborts: false,
        plies: [86_400_000],
      },
    });
    const bestMove = vi.fn(() => ({ answer: new Promise<string>(() => {}), cancel: () => {} }));
    renderApp(<GameScreen gameId={GAME_ID} computer={{ bestMove, drawScore: drawScoreOf(0) }} />);
    await gameShown();
    await click(user, 'e2');
    await click(user, 'e4');
    await waitFor(() => expect(bestMove).toHaveBeenCalled());
    expect(bestMove).toHaveBeenCalledWith(
      { sbfen: game.state().startSbfen, moves: ['e2e4'], standard: false, level: 'hard' },
      expect.any(Function),
    );
  });

  it('on the clock answers an attack on its double box within its cap', async () => {
    const game = playAll(newGame({ mode: 'computer', humanColor: 'black' }), ATTACK_ON_THE_COMPUTERS_BOX);
    const server = fakeServer(game, lowClock('white', 1200));
    const computer: ComputerPlayer = {
      drawScore: drawScoreOf(0),
      bestMove: () => ({ answer: new Promise<string>(() => {}), cancel: () => {} }),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    const shown = performance.now();
    await waitFor(() =>
      expect(moveCalls(server)[0]?.body).toEqual({ action: 'choose', sacrifice: 'knight' }),
    );
    expect(performance.now() - shown).toBeLessThan(1000);
  });
});
