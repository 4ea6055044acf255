import type { Game } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Board } from '../src/features/game/components/Board.tsx';
import { boardMoves } from '../src/features/game/lib/model.ts';
import { newGame } from './helpers.tsx';

/**
 * White plays against the computer (or an online opponent): after 1. e4 Black is to move, and the
 * board offers White no moves, only premoves.
 */
function setup(premove: ColorName | null = 'white') {
  const game = newGame();
  game.move({ from: 'e2', to: 'e4' });
  const onMove = vi.fn();
  const board = (g: Game, thinking: boolean) => {
    const state = g.state();
    return (
      <Board
        board={state.board}
        orientation="white"
        turn={state.currentPlayer}
        moves={thinking ? [] : boardMoves(g)}
        onMove={onMove}
        premove={premove ?? undefined}
      />
    );
  };
  const view = render(board(game, true));
  /** Black answers; the turn comes back to White. */
  const reply = (from: string, to: string) => {
    game.move({ from, to });
    view.rerender(board(game, false));
  };
  return { onMove, reply };
}

const label = (square: string) =>
  document.querySelector(`[data-square="${square}"]`)?.getAttribute('aria-label') ?? '';
const click = (user: ReturnType<typeof userEvent.setup>, square: string) =>
  user.click(document.querySelector<HTMLElement>(`[data-square="${square}"]`)!);

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
    setup(null);
    await click(user, 'g1');
    expect(label('g1')).toBe('g1, white knight');
    expect(label('f3')).toBe('f3, empty');
  });
});
