import type { ServerGameState } from '@sbc/api';
import { type ColorName, START_SBFEN } from '@sbc/rules';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, isUnauthorized } from '../../../lib/http.ts';
import { createGame } from '../api/games.ts';

/**
 * Starts a computer game like this one (its level, start position and rules) with the human
 * playing `color`, and opens it. Null outside computer games.
 */
export function usePlayAgain(state: ServerGameState | undefined): ((color: ColorName) => void) | null {
  const navigate = useNavigate();
  const { mutate } = useMutation({
    mutationFn: createGame,
    onSuccess: (game) => navigate(`/game/${game.id}`),
    onError: (e) => {
      if (isUnauthorized(e)) return;
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to create new game'),
        variant: 'destructive',
      });
    },
  });
  const computer = !!state?.isComputerGame;
  const level = state?.aiDifficulty;
  const start = state?.startSbfen;
  const standard = state?.standard;
  // Stable while the game is the same: the Game Over dialog is kept across the countdown's renders.
  const again = useCallback(
    (color: ColorName) =>
      mutate({
        isComputerGame: true,
        humanPlayer: color,
        aiDifficulty: level,
        standard,
        ...(start && start !== START_SBFEN ? { fen: start } : {}),
      }),
    [mutate, level, start, standard],
  );
  return computer ? again : null;
}
