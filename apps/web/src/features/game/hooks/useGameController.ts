import { isLive } from '@sbc/game';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useGameQuery } from '../api/games.ts';
import type { OnlineLink } from '../lib/link.ts';
import { type BoardMove, boardMoves } from '../lib/model.ts';
import { useActionPipeline } from './useActionPipeline.ts';
import { useControlActions } from './useControlActions.ts';
import { useDeadlineCheck } from './useDeadlineCheck.ts';
import { useGameOver } from './useGameOver.ts';
import { useMoveActions } from './useMoveActions.ts';

/**
 * One game on screen: the server's state, the rules' game rebuilt from it, and every action. An
 * action shows the rules' result at once and then takes the server's answer; a refusal puts the
 * board back and says why (useActionPipeline.ts). An online game (`online`) sends over the socket
 * when it is open.
 */
export function useGameController(id: string, online?: OnlineLink) {
  const queryClient = useQueryClient();
  const query = useGameQuery(id, !online || online.http);
  const server = query.data;
  const { state, game, busy, act, actorRef, clock } = useActionPipeline(id, server);
  const live = state ? isLive(state.gameStatus) : false;
  const { gameOverOpen, setGameOverOpen } = useGameOver(state, live, actorRef);

  // The moves the player on this screen may make: none while the computer or the opponent is to move.
  const onScreen =
    !!state &&
    (online
      ? state.currentPlayer === online.seat
      : !state.isComputerGame || state.currentPlayer === state.humanPlayer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the game moves on in place; a new state says it did.
  const moves: BoardMove[] = useMemo(
    () => (game && live && !busy && onScreen ? boardMoves(game) : []),
    [game, state, live, busy, onScreen],
  );

  const { move, promotion, promote, cancelPromotion, choose } = useMoveActions(id, game, act, online);
  const { undo, redo, resign, draw, respondToDraw } = useControlActions(id, state, act, online);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.game(id) }),
    [queryClient, id],
  );
  useDeadlineCheck(clock, live, refetch);

  return {
    query,
    server,
    state,
    /** The clocks on screen (null when untimed): lib/clock.ts. */
    clock,
    game,
    live,
    busy,
    moves,
    move,
    promotion,
    promote,
    cancelPromotion,
    choose,
    undo,
    redo,
    resign,
    draw,
    respondToDraw,
    refetch,
    gameOverOpen,
    setGameOverOpen,
  };
}

export type GameController = ReturnType<typeof useGameController>;
