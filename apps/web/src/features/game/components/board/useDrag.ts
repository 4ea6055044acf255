import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { squareAt } from './geometry.ts';
import type { BoardState } from './useSelection.ts';

/** Pixels a pressed piece must travel before the press becomes a drag (a shorter one stays a click). */
const DRAG_THRESHOLD = 5;

/** A piece being dragged: its square and the pointer, with the size of a square to draw it at. */
export interface Drag {
  square: string;
  x: number;
  y: number;
  size: number;
}

/**
 * Drag and drop with pointer events: a press on an own piece that moves far enough lifts it, and
 * the release plays the move to the square under the pointer (or puts the piece back).
 */
export function useDrag(state: BoardState, boardRef: RefObject<HTMLDivElement | null>, enabled: boolean) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const pressRef = useRef<{ square: string; x: number; y: number; started: boolean } | null>(null);
  // The click that ends a drag must not select the square again.
  const suppressClick = useRef(false);

  const onPointerDown = (e: ReactPointerEvent, square: string) => {
    if (!enabled || e.button !== 0 || state.ownTypes(square).length === 0) return;
    pressRef.current = { square, x: e.clientX, y: e.clientY, started: false };
  };

  /** The piece a drag from `square` moves: known unless it leaves a box of two types. */
  const lifted = (square: string) => {
    const types = state.ownTypes(square);
    return types.length === 1 ? types[0] : undefined;
  };

  // Registered again on every render, so the handlers see the current moves.
  useEffect(() => {
    const move = (e: PointerEvent) => {
      const press = pressRef.current;
      if (!press) return;
      if (!press.started) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
        press.started = true;
        state.setSelection({ square: press.square, piece: lifted(press.square) });
      }
      const size = (boardRef.current?.getBoundingClientRect().width ?? 320) / 8;
      setDrag({ square: press.square, x: e.clientX, y: e.clientY, size });
    };
    const up = (e: PointerEvent) => {
      const press = pressRef.current;
      pressRef.current = null;
      if (!press?.started) return;
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      setDrag(null);
      const target = squareAt(e.clientX, e.clientY);
      if (!target || target === press.square || !state.tryMove(press.square, target, lifted(press.square))) {
        state.setSelection(null);
      }
    };
    const cancel = () => {
      pressRef.current = null;
      setDrag(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  });

  return { drag, onPointerDown, clickSuppressed: () => suppressClick.current };
}
