import { acceptsDraw } from '@sbc/ai/draw';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { type ComputerPlayer, type Search, workerComputer } from '../lib/engine.ts';
import type { GameController } from './useGameController.ts';

/** What the player reads when the computer turns a draw down (the spec's online title, 'Draw Rejected'). */
export const DRAW_DECLINED = {
  title: 'Draw Rejected',
  description: 'The computer declines: it thinks its position is better.',
};
export const DRAW_ACCEPTED = { title: 'Draw Accepted', description: 'The computer accepts your draw offer.' };

/**
 * The computer's answer to the player's draw offer: its engine scores the position with a short
 * fixed search (@sbc/ai/draw, docs/engine.md) and accepts unless it stands better by more than half
 * a pawn. Only an accepted offer reaches the server, as an agreed draw; a declined one changes nothing.
 */
export function useComputerDraw(ctrl: GameController, computer: ComputerPlayer = workerComputer) {
  const [considering, setConsidering] = useState(false);
  const search = useRef<Search<number> | null>(null);
  useEffect(
    () => () => {
      search.current?.cancel();
      search.current = null;
    },
    [],
  );
  const { state, draw } = ctrl;

  const offer = useCallback(async () => {
    if (!state || search.current) return;
    const running = computer.drawScore({
      sbfen: state.startSbfen,
      moves: state.moveHistory.flatMap((m) => m.texts),
      standard: state.standard,
    });
    search.current = running;
    setConsidering(true);
    const score = await running.answer.catch(() => null);
    // Gone from the screen meanwhile (the search was cancelled): no answer.
    const current = search.current === running;
    if (current) search.current = null;
    setConsidering(false);
    if (!current) return;
    if (score === null) {
      toast({ title: 'Error', description: 'Failed to request draw', variant: 'destructive' });
      return;
    }
    if (!acceptsDraw(score, state.currentPlayer !== state.humanPlayer)) {
      toast(DRAW_DECLINED);
      return;
    }
    toast(DRAW_ACCEPTED);
    await draw();
  }, [state, computer, draw]);

  return { offer, considering };
}
