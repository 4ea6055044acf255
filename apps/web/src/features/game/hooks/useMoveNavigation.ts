import { type GameState, type ReplaySource, replay } from '@sbc/game';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { moveKeyTarget } from '../../../lib/move-keys.ts';

/**
 * Which position the game screen shows: the live one, or the one after an earlier move (the board
 * is then read-only). A move that arrives meanwhile does not move the view; `arrived` counts such
 * moves, so that the way back can say so. Plies count the moves of the history (an attack and its
 * defender choice are one), 0 is the start.
 */
export function useMoveNavigation(game: ReplaySource | undefined) {
  const plies = game?.moveHistory.length ?? 0;
  // The ply the player chose, and the game's length then; null follows the live position.
  const [pinned, setPinned] = useState<{ ply: number; plies: number } | null>(null);
  // An undo that takes back the shown move brings the view back to the live position for good.
  if (pinned && pinned.ply >= plies) setPinned(null);
  const shownPly = pinned === null ? plies : Math.min(pinned.ply, plies);
  const live = shownPly === plies;
  const arrived = pinned === null ? 0 : Math.max(0, plies - pinned.plies);

  // One function for the game's life: the move list's rows, memoized, keep it as a move arrives.
  const pliesRef = useRef(plies);
  pliesRef.current = plies;
  const show = useCallback((ply: number) => {
    const now = pliesRef.current;
    setPinned((p) => (ply >= now ? null : { ply: Math.max(0, ply), plies: p?.plies ?? now }));
  }, []);
  const backToLive = useCallback(() => setPinned(null), []);

  // The state of the shown position, rebuilt from the start (none while live: the game's own is shown).
  const shown: GameState | null = useMemo(
    () => (live || !game ? null : (replay(game, shownPly).at(-1) ?? null)),
    [live, game, shownPly],
  );

  return { shownPly, plies, live, arrived, shown, show, backToLive };
}

export type MoveNavigation = ReturnType<typeof useMoveNavigation>;

/**
 * Whether a key belongs to what has the focus: a field, a dialog or a menu. (The board claims the
 * arrow keys itself, by preventing their default, when it was reached by keyboard.)
 */
function ownKey(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="dialog"], [role="menu"]') !== null;
}

/** ← and → step through the moves, Home and End go to the start and to the live position. */
export function useNavigationKeys(nav: MoveNavigation) {
  const { show, shownPly, plies } = nav;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || ownKey(e.target)) return;
      const to = moveKeyTarget(e, shownPly, plies);
      if (to === null) return;
      e.preventDefault();
      show(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show, shownPly, plies]);
}
