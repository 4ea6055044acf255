import type { ColorName } from '@sbc/rules';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Board, describeSquare } from '../src/features/game/components/Board.tsx';
import { boardMoves } from '../src/features/game/lib/model.ts';
import { newGame } from './helpers.tsx';

/** A white pawn box (knight and pawn) on e4 and a mixed box (white bishop, black pawn) on b4. */
const BOXES = 'r1bqk2r/pppp1ppp/2n2n2/4p3/1(Bp)2(PN)3/2N1P3/PPP2PPP/R1BQK2R w KQkq - 0 7';

function setup(sbfen?: string, orientation: ColorName = 'white') {
  const game = newGame(sbfen ? { sbfen } : {});
  const state = game.state();
  const onMove = vi.fn();
  render(
    <Board
      board={state.board}
      orientation={orientation}
      turn={state.currentPlayer}
      moves={boardMoves(game)}
      lastMove={state.lastMove}
      onMove={onMove}
    />,
  );
  return { onMove, game };
}

/** The square buttons, in screen order (the role queries are slow on 64 buttons; the name is the aria-label). */
const squares = () => [...document.querySelectorAll<HTMLButtonElement>('[data-square]')];
const find = (name: RegExp) => squares().find((b) => name.test(b.getAttribute('aria-label') ?? ''));
const square = (name: RegExp) => {
  const found = find(name);
  if (!found)
    throw new Error(
      `no square named ${name}: ${squares()
        .map((b) => b.getAttribute('aria-label'))
        .join(' | ')}`,
    );
  return found;
};

describe('Board', () => {
  it('names every square and its pieces, a box with both of them', () => {
    setup(BOXES);
    const grid = screen.getByRole('grid', { name: 'Chess board' });
    expect(within(grid).getAllByRole('row')).toHaveLength(8);
    expect(squares()).toHaveLength(64);
    expect(screen.getByRole('button', { name: 'e4, white knight and white pawn' })).toBeTruthy();
    expect(square(/^b4, white bishop and black pawn$/)).toBeTruthy();
    expect(square(/^e1, white king$/)).toBeTruthy();
    expect(square(/^d4, empty$/)).toBeTruthy();
  });

  it('shows rank 8 on top for White and flips for Black', () => {
    setup(undefined, 'white');
    expect(squares()[0].dataset.square).toBe('a8');
    expect(squares()[63].dataset.square).toBe('h1');
    document.body.innerHTML = '';
    setup(undefined, 'black');
    expect(squares()[0].dataset.square).toBe('h1');
    expect(squares()[63].dataset.square).toBe('a8');
  });

  it('moves by clicking a piece and then a marked destination', async () => {
    const user = userEvent.setup();
    const { onMove } = setup();
    await user.click(square(/^e2, white pawn/));
    expect(square(/^e2, white pawn, selected/)).toBeTruthy();
    expect(square(/^e3, empty, possible move/)).toBeTruthy();
    expect(square(/^e4, empty, possible move/)).toBeTruthy();
    expect(find(/^e5, empty, possible move/) ?? null).toBeNull();
    await user.click(square(/^e4, empty/));
    expect(onMove).toHaveBeenCalledWith({ from: 'e2', to: 'e4', piece: 'pawn' });
  });

  it('deselects on a second click and reselects another own piece', async () => {
    const user = userEvent.setup();
    const { onMove } = setup();
    await user.click(square(/^g1, white knight/));
    await user.click(square(/^g1, white knight/));
    expect(find(/selected/) ?? null).toBeNull();
    await user.click(square(/^g1, white knight/));
    await user.click(square(/^b1, white knight/));
    expect(square(/^b1, white knight, selected/)).toBeTruthy();
    expect(square(/^a3, empty, possible move/)).toBeTruthy();
    await user.click(square(/^e7, black pawn/));
    expect(find(/selected/) ?? null).toBeNull();
    expect(onMove).not.toHaveBeenCalled();
  });

  it('asks which piece of an own box moves, then offers that piece’s moves', async () => {
    const user = userEvent.setup();
    const { onMove } = setup(BOXES);
    await user.click(square(/^e4, white knight and white pawn/));
    const dialog = await screen.findByRole('dialog', { name: 'Select Piece to Move' });
    // The pawn on e4 is blocked by e5: it has no move.
    expect(within(dialog).getByRole('button', { name: /Pawn/ })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: /Knight/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(square(/^f6, black knight, possible move/)).toBeTruthy();
    await user.click(square(/^f6, black knight/));
    expect(onMove).toHaveBeenCalledWith({ from: 'e4', to: 'f6', piece: 'knight' });
  });

  it('only lets the side to move pick a piece', async () => {
    const user = userEvent.setup();
    setup(BOXES);
    // The mixed box holds one white piece: no question, the bishop is selected.
    await user.click(square(/^b4, white bishop and black pawn/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(square(/^b4, white bishop and black pawn, selected/)).toBeTruthy();
  });

  it('is usable from the keyboard: arrows move the focus, Enter selects and moves', async () => {
    const user = userEvent.setup();
    const { onMove } = setup();
    const e2 = square(/^e2, white pawn/);
    expect(e2.tabIndex).toBe(0);
    e2.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(square(/^e4, empty/));
    await user.keyboard('{Enter}');
    expect(onMove).toHaveBeenCalledWith({ from: 'e2', to: 'e4', piece: 'pawn' });
  });

  it('moves by dragging a piece onto a destination', () => {
    const { onMove } = setup();
    const e2 = square(/^e2, white pawn/);
    const e4 = square(/^e4, empty/);
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(e4);
    fireEvent.pointerDown(e2, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 10, clientY: -40 });
    fireEvent.pointerMove(window, { clientX: 10, clientY: -90 });
    fireEvent.pointerUp(window, { clientX: 10, clientY: -90 });
    expect(onMove).toHaveBeenCalledWith({ from: 'e2', to: 'e4', piece: 'pawn' });
  });

  it('marks the last move, the king in check and the computer’s piece', () => {
    const game = newGame();
    for (const m of [
      { from: 'f2', to: 'f3' },
      { from: 'e7', to: 'e5' },
      { from: 'g2', to: 'g4' },
      { from: 'd8', to: 'h4' },
    ])
      game.move(m);
    const s = game.state();
    render(
      <Board
        board={s.board}
        orientation="white"
        turn={s.currentPlayer}
        moves={[]}
        lastMove={s.lastMove}
        checkSquare={s.kingPositions.white}
        highlight="h4"
      />,
    );
    expect(square(/^d8, empty, last move$/)).toBeTruthy();
    expect(square(/^h4, black queen, computer's piece, last move$/)).toBeTruthy();
    expect(square(/^e1, white king, in check$/)).toBeTruthy();
  });

  it('describes squares for screen readers', () => {
    expect(
      describeSquare({
        coordinate: 'e4',
        piece: { type: 'pawn', color: 'white', hasMoved: true },
        sharedPiece: { type: 'knight', color: 'white', hasMoved: true },
        isSharedBox: true,
      }),
    ).toBe('e4, white knight and white pawn');
  });
});
