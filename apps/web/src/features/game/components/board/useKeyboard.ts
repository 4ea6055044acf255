import type { ColorName } from '@sbc/rules';
import { type FocusEvent, type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { squareToward } from './geometry.ts';

/**
 * The grid's roving focus: one square is in the tab order, arrow keys move it, Escape drops the
 * selection. Enter and Space click the focused square's button. The arrow keys are the board's
 * only when its focus came from the keyboard: after a click or a touch they are left to the move
 * navigation, as on lichess, where ← looks back at once after a move played with the mouse.
 */
export function useKeyboard(
  rows: string[][],
  boardRef: RefObject<HTMLDivElement | null>,
  orientation: ColorName,
  onEscape: () => void,
) {
  // The king's pawn of the side at the bottom.
  const [focus, setFocus] = useState<string>(orientation === 'white' ? 'e2' : 'e7');
  // The browser says at each focus whether it came from the keyboard (Tab, or these arrow keys).
  const byKeyboard = useRef(true);

  const onFocus = (e: FocusEvent, square: string) => {
    byKeyboard.current = e.currentTarget.matches(':focus-visible');
    setFocus(square);
  };

  const onKeyDown = (e: KeyboardEvent, square: string) => {
    if (e.key.startsWith('Arrow') && byKeyboard.current) {
      // Claimed at the edges too, so that the keys never step through the moves from the board.
      e.preventDefault();
      const next = squareToward(rows, square, e.key);
      if (next) boardRef.current?.querySelector<HTMLElement>(`[data-square="${next}"]`)?.focus();
    } else if (e.key === 'Escape') {
      onEscape();
    }
  };

  return { focus, onFocus, onKeyDown };
}
