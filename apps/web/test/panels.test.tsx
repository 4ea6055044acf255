import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../src/components/ui/tooltip.tsx';
import { GameControls } from '../src/features/game/components/Controls.tsx';
import { GameOverDialog, gameEndBanner, gameOverText } from '../src/features/game/components/GameDialogs.tsx';
import { MoveHistory, moveRows } from '../src/features/game/components/MoveHistory.tsx';
import {
  CapturedPieces,
  GameStatusPanel,
  PlayersPanel,
  SharedBoxesPanel,
} from '../src/features/game/components/Panels.tsx';
import { RULES_SECTIONS, RulesDialog } from '../src/features/game/components/RulesDialog.tsx';
import { gameResponse, newGame } from './helpers.tsx';

const render = (ui: ReactElement) => {
  const r = rtlRender(ui, { wrapper: TooltipProvider });
  return r;
};

const play = (moves: string[], setup = {}) => {
  const game = newGame(setup);
  for (const t of moves) {
    const r = game.playText(t);
    if (!r.ok) throw new Error(`${t}: ${r.error.message}`);
  }
  return game;
};
const stateOf = (game: ReturnType<typeof newGame>) => gameResponse(game).gameState;

describe('Shared Boxes panel', () => {
  it('counts same-colour and mixed boxes against the limit of 3', () => {
    // 1.d3 e5 2.Qd3+SB d6 3.Nf3 Bf5 4.Nc3 Bxd3: d3 becomes a mixed box.
    const game = play(['d2d3', 'e7e5', 'd1d3', 'd7d6', 'g1f3', 'c8f5', 'b1c3']);
    render(<SharedBoxesPanel state={stateOf(game)} />);
    expect(screen.getByText('Same-Color Boxes').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Mixed-Color Boxes').nextSibling?.textContent).toBe('0');
    expect(screen.getByText('1/3')).toBeTruthy();
    expect(screen.getByText('2 remaining')).toBeTruthy();
    expect(document.querySelectorAll('[data-filled="true"]')).toHaveLength(1);
    expect(document.querySelectorAll('[data-filled]')).toHaveLength(3);
  });

  it('shows a mixed box after a pawn box is attacked', () => {
    const game = play(['d2d3', 'e7e5', 'd1d3', 'd7d6', 'g1f3', 'c8f5', 'b1c3', 'f5d3']);
    render(<SharedBoxesPanel state={stateOf(game)} />);
    expect(screen.getByText('Mixed-Color Boxes').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Same-Color Boxes').nextSibling?.textContent).toBe('0');
  });
});

describe('Move History', () => {
  const history = (moves: string[], setup = {}) => play(moves, setup).state().moveHistory;

  it('invites the first move and shows the legend', () => {
    render(<MoveHistory history={[]} shownPly={0} onShow={() => {}} />);
    expect(screen.getByText('Game starting - make your first move!')).toBeTruthy();
    expect(screen.getByText('+SB = Shared Box created')).toBeTruthy();
  });

  it('pairs moves by number, with +SB and ... for a missing reply', () => {
    const moves = history(['d2d3', 'e7e5', 'd1d3']);
    render(<MoveHistory history={moves} shownPly={3} onShow={() => {}} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1.d3e5', '2.Qd3+SB...']);
  });

  it('starts with ... for White when the game starts with Black to move', () => {
    const moves = history(['e7e5'], { sbfen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' });
    expect(moveRows(moves)).toEqual([{ n: 1, white: null, black: { ply: 1, entry: moves[0] } }]);
  });

  it('marks the shown move, shows a move on a click and steps with the buttons', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    render(<MoveHistory history={history(['d2d3', 'e7e5', 'd1d3'])} shownPly={2} onShow={onShow} />);
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('e5');
    await user.click(screen.getByRole('button', { name: 'd3' }));
    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    await user.click(screen.getByRole('button', { name: 'Last move' }));
    expect(onShow.mock.calls).toEqual([[1], [1], [3]]);
    expect(screen.getByRole('button', { name: 'First move' })).toHaveProperty('disabled', false);
  });

  it('scrolls the list back to its top at the start position', () => {
    const moves = history(['d2d3', 'e7e5', 'd1d3']);
    const { rerender } = render(<MoveHistory history={moves} shownPly={3} onShow={() => {}} />);
    const list = screen.getByRole('table').parentElement as HTMLElement;
    list.scrollTop = 100;
    rerender(<MoveHistory history={moves} shownPly={0} onShow={() => {}} />);
    expect(list.scrollTop).toBe(0);
  });

  it('writes the defender’s choice beside the attacking move, the notation unchanged', () => {
    const moves = history(['b7c6', 'sac=B'], {
      sbfen: 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4',
    });
    expect(moves[0].notation).toBe('bxc6');
    render(<MoveHistory history={moves} shownPly={1} onShow={() => {}} />);
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('bxc6 B sacrificed');
    expect(screen.getByText('B sacrificed')).toBeTruthy();
  });
});

describe('Captured Pieces', () => {
  it('says None captured for each side, then lists captures', () => {
    const { rerender } = render(<CapturedPieces captured={{ white: [], black: [] }} />);
    expect(screen.getAllByText('None captured')).toHaveLength(2);
    rerender(
      <CapturedPieces
        captured={{ white: [{ type: 'knight', color: 'black', hasMoved: true }], black: [] }}
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'White Captured' })).getByText('black knight'),
    ).toBeTruthy();
    expect(screen.getAllByText('None captured')).toHaveLength(1);
  });
});

describe('Players and Game Status', () => {
  const state = stateOf(play(['e2e4', 'e7e5', 'g1f3']));
  const names = { white: 'ada', black: 'Computer (Medium)' };

  it('marks the side to move and colours the inactivity timer', () => {
    const { rerender } = render(<PlayersPanel names={names} state={state} remaining={125} />);
    expect(screen.getByText('(current turn)').closest('li')?.textContent).toContain('Computer (Medium)');
    expect(screen.getByRole('timer').textContent).toBe('2:05');
    expect(screen.getByRole('timer').dataset.level).toBe('normal');
    rerender(<PlayersPanel names={names} state={state} remaining={59} />);
    expect(screen.getByRole('timer').dataset.level).toBe('yellow');
    expect(screen.getByRole('timer').className).toContain('yellow');
    rerender(<PlayersPanel names={names} state={state} remaining={29} />);
    expect(screen.getByRole('timer').dataset.level).toBe('red');
    expect(screen.getByText('Game will be abandoned if no move is made within 5 minutes')).toBeTruthy();
  });

  it('names the winner of a finished game, with no inactivity to warn of', () => {
    const game = play(['e2e4', 'e7e5']);
    const resigned = game.resign('white');
    if (!resigned.ok) throw new Error(resigned.error.message);
    render(<PlayersPanel names={names} state={stateOf(game)} remaining={null} />);
    expect(screen.getByText('Winner').closest('li')?.textContent).toContain('Computer (Medium)');
    expect(screen.queryByText('(current turn)')).toBeNull();
    expect(screen.queryByText(/will be abandoned/)).toBeNull();
  });

  it('shows turn, move number (rounded up, at least 1) and status', () => {
    render(<GameStatusPanel state={state} />);
    expect(screen.getByText('Turn').nextSibling?.textContent).toBe('Black');
    expect(screen.getByText('Move').nextSibling?.textContent).toBe('2');
    expect(screen.getByTestId('game-status').textContent).toBe('Active');
  });

  it('says who is in check', () => {
    render(<GameStatusPanel state={stateOf(play(['e2e4', 'f7f6', 'd1h5']))} />);
    expect(screen.getByTestId('game-status').textContent).toBe('Check');
    expect(screen.getByRole('status').textContent).toBe('Black is in check!');
  });
});

describe('Game Controls', () => {
  const handlers = () => ({ onUndo: vi.fn(), onRedo: vi.fn(), onDraw: vi.fn(), onResign: vi.fn() });

  it('enables Undo only with history, Redo only after an undo', () => {
    const fresh = stateOf(newGame());
    const { rerender } = render(<GameControls state={fresh} disabled={false} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', true);
    const game = play(['e2e4']);
    rerender(<GameControls state={stateOf(game)} disabled={false} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false);
    game.undo();
    rerender(<GameControls state={stateOf(game)} disabled={false} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', false);
  });

  it('allows Draw and Resign in check, and not once the game is over', () => {
    const check = stateOf(play(['e2e4', 'f7f6', 'd1h5']));
    const { rerender } = render(<GameControls state={check} disabled={false} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Draw' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Resign' })).toHaveProperty('disabled', false);
    const mate = stateOf(play(['f2f3', 'e7e5', 'g2g4', 'd8h4']));
    rerender(<GameControls state={mate} disabled={false} {...handlers()} />);
    expect(screen.getByRole('button', { name: 'Draw' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Resign' })).toHaveProperty('disabled', true);
  });

  it('confirms before resigning or declaring a draw', async () => {
    const user = userEvent.setup();
    const h = handlers();
    render(<GameControls state={stateOf(newGame())} disabled={false} {...h} />);
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resign the game?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.onResign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resign' }));
    expect(h.onResign).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Draw' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Declare a draw?' })).getByRole('button', {
        name: 'Declare Draw',
      }),
    );
    expect(h.onDraw).toHaveBeenCalledOnce();
  });
});

describe('Game end texts and dialogs', () => {
  it('words checkmate, stalemate and agreed draws in the words of the game’s messages', () => {
    const mate = stateOf(play(['f2f3', 'e7e5', 'g2g4', 'd8h4']));
    expect(gameOverText(mate)).toBe('Checkmate! Black wins!');
    expect(gameEndBanner(mate)).toBe('Checkmate! Black wins!');
    const agreed = newGame();
    agreed.agreeDraw();
    expect(gameOverText(stateOf(agreed))).toBe('Game declared a draw.');
    expect(gameEndBanner(stateOf(agreed))).toBe('Game drawn by agreement.');
    const stale = stateOf(newGame({ sbfen: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' }));
    expect(gameOverText(stale)).toBe('Stalemate! The game ends in a draw.');
    expect(gameEndBanner(stale)).toBe('Stalemate! Game is a draw.');
  });

  it('offers New Game and Continue Viewing', async () => {
    const user = userEvent.setup();
    const onNewGame = vi.fn();
    const onClose = vi.fn();
    render(
      <GameOverDialog
        open
        state={stateOf(play(['f2f3', 'e7e5', 'g2g4', 'd8h4']))}
        onNewGame={onNewGame}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Game Over' });
    expect(within(dialog).getByText('Checkmate! Black wins!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'New Game' }));
    expect(onNewGame).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue Viewing' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Rules dialog', () => {
  it('shows the eleven sections of docs/rules.md', () => {
    expect(RULES_SECTIONS.map((s) => s.title)).toEqual([
      'The base game',
      'The shared box',
      'Limits',
      'Moving out of a shared box',
      'Attacking a shared box',
      'Special attack cases',
      'Promotion',
      'King, check and checkmate',
      'Winning and drawing',
      'Time controls',
      'Ratings',
    ]);
    render(
      <MemoryRouter>
        <RulesDialog open onOpenChange={() => {}} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Shared Box Chess Rules' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(11);
    expect(within(dialog).getByText(/At most 3 boxes/)).toBeTruthy();
    const lessons = within(dialog).getByRole('link', { name: 'interactive lessons and puzzles' });
    expect(lessons.getAttribute('href')).toBe('/learn');
  });
});
