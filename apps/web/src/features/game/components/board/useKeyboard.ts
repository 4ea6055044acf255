import type { ColorName } from '@sbc/rules';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { squareToward } from './geometry.ts';

/**
 * The grid's roving focus: one square is in the tab order, arrow keys move it, Escape drops the
 * selection. Enter and Space click the focused square's button.
 */
export function useKeyboard(
  rows: string[][],
  boardRef: RefObject<HTMLDivElement | null>,
  orientation: ColorName,
  onEscape: () => void,
) {
  // The king's pawn of the side at the bottom.
  const [focus, setFocus] = useState<string>(orientation === 'white' ? 'e2' : 'e7');

  const onKeyDown = (e: KeyboardEvent, square: string) => {
    const next = squareToward(rows, square, e.key);
    if (next) {
      e.preventDefault();
      setFocus(next);
      boardRef.current?.querySelector<HTMLElement>(`[data-square="${next}"]`)?.focus();
    } else if (e.key === 'Escape') {
      onEscape();
    }
  };

  return { focus, setFocus, onKeyDown };
}
