import type { ColorName } from '@sbc/rules';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Board } from '../src/features/game/components/Board.tsx';
import { boardMoves } from '../src/features/game/lib/model.ts';
import { clickSquare as click, label, newGame } from './helpers.tsx';

/** 1. e4: Black (the computer, or an online opponent) is to move. */
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

/**
 * The board of a position with Black to move, which offers White (`premove`) premoves only; `reply`
 * plays Black's move and gives White the turn and its legal moves.
 */
function setup(sbfen = AFTER_E4, premove: ColorName | null = 'white') {
  const game = newGame({ sbfen });
  const onMove = vi.fn();
  const board = (thinking: boolean) => (
    <Board
      board={game.state().board}
      orientation="white"
      turn={game.state().currentPlayer}
      moves={thinking ? [] : boardMoves(game)}
      onMove={onMove}
      premove={premove ?? undefined}
    />
  );
  const view = render(board(true));
  const reply = (from: string, to: string) => {
    game.move({ from, to });
    view.rerender(board(false));
  };
  return { onMove, reply };
}

describe('premove', () => {
  it('queues a move while the other side is to move, shown on both squares', async () => {
    const user = userEvent.setup();
    const { onMove } = setup();
    await click(user, 'g1');
    expect(label('g1')).toMatch(/selected/);
    expect(label('f3')).toMatch(/possible premove/);
    expect(label('e2')).toMatch(/possible premove/); // empty-board reach: legality waits for the turn
    await click(user, 'f3');
    expect(label('g1')).toBe('g1, white knight, premove');
    expect(label('f3')).toBe('f3, empty, premove');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('plays the queued move at once when the turn comes and it is legal', async () => {
    const user = userEvent.setup();
    const { onMove, reply } = setup();
    await click(user, 'g1');
    await click(user, 'f3');
    reply('e7', 'e5');
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith({ from: 'g1', to: 'f3', piece: 'knight' });
    expect(label('f3')).not.toMatch(/premove/);
  });

  it('drops the queued move without a word when it is illegal then', async () => {
    const user = userEvent.setup();
    const { onMove, reply } = setup();
    await click(user, 'e4');
    await click(user, 'e5');
    expect(label('e5')).toMatch(/premove$/);
    reply('e7', 'e5'); // blocks the pawn
    expect(onMove).not.toHaveBeenCalled();
    expect(label('e4')).toBe('e4, white pawn');
    expect(label('e5')).toBe('e5, black pawn');
  });

  it('queues a move by dragging a piece too', () => {
    const { onMove, reply } = setup();
    const g1 = document.querySelector<HTMLElement>('[data-square="g1"]')!;
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(document.querySelector('[data-square="f3"]'));
    fireEvent.pointerDown(g1, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 30, clientY: -40 });
    fireEvent.pointerUp(window, { clientX: 30, clientY: -40 });
    expect(label('f3')).toBe('f3, empty, premove');
    reply('d7', 'd6');
    expect(onMove).toHaveBeenCalledWith({ from: 'g1', to: 'f3', piece: 'knight' });
  });

  it('asks which piece of an own box moves when the premove is made, and queues that choice', async () => {
    const user = userEvent.setup();
    // White's knight and pawn share e4; Black is to move.
    const { onMove, reply } = setup('rnbqkbnr/pppp1ppp/8/4p3/4(PN)3/8/PPPP1PPP/R1BQKBNR b KQkq - 1 2');
    await click(user, 'e4');
    const dialog = await screen.findByRole('dialog', { name: 'Select Piece to Move' });
    await user.click(within(dialog).getByRole('button', { name: 'Knight' }));
    await click(user, 'f6');
    expect(label('f6')).toMatch(/premove$/);
    reply('a7', 'a6');
    expect(onMove).toHaveBeenCalledWith({ from: 'e4', to: 'f6', piece: 'knight' });
  });

  it('promotes a premoved pawn to a queen, with no dialog when the turn comes', async () => {
    const user = userEvent.setup();
    const { onMove, reply } = setup('4k3/P7/8/8/8/8/8/4K3 b - - 0 1');
    await click(user, 'a7');
    await click(user, 'a8');
    reply('e8', 'd7');
    expect(onMove).toHaveBeenCalledWith({ from: 'a7', to: 'a8', piece: 'pawn', promotion: 'queen' });
  });

  it('is cancelled by a click elsewhere, a right-click or Escape', async () => {
    const user = userEvent.setup();
    const { onMove, reply } = setup();
    const queue = async () => {
      await click(user, 'g1');
      await click(user, 'f3');
      expect(label('f3')).toMatch(/premove$/);
    };
    await queue();
    await click(user, 'a5');
    expect(label('f3')).toBe('f3, empty');
    await queue();
    fireEvent.contextMenu(document.querySelector('[role="grid"]')!);
    expect(label('f3')).toBe('f3, empty');
    await queue();
    fireEvent.keyDown(document.querySelector('[data-square="f3"]')!, { key: 'Escape' });
    expect(label('f3')).toBe('f3, empty');
    reply('e7', 'e5');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('is not offered without a premove player (two players at one screen)', async () => {
    const user = userEvent.setup();
    setup(AFTER_E4, null);
    await click(user, 'g1');
    expect(label('g1')).toBe('g1, white knight');
    expect(label('f3')).toBe('f3, empty');
  });
});
