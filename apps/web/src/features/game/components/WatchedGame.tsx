import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Spinner } from '../../../components/ui/card.tsx';
import { playerNames } from '../../../lib/players.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { GAME_POLL_MS } from '../api/games.ts';
import { useGameController } from '../hooks/useGameController.ts';
import type { OnlineLink } from '../lib/link.ts';
import { GameLayout } from './GameLayout.tsx';

/** A reader who plays neither side: no colour to move, nothing to send. */
const READER: OnlineLink = { seat: null, http: false, send: () => undefined };

/**
 * A local or computer game shown to a reader who is not its player (an admin, docs/api.md §5):
 * the board, the panels and the history, read-only, asked for again every 2 s while it goes on.
 */
export function WatchedGame({ gameId }: { gameId: string }) {
  const ctrl = useGameController(gameId, READER);
  const { state, server, live } = ctrl;
  useQuery({ queryKey: queryKeys.game(gameId), enabled: live, refetchInterval: GAME_POLL_MS });
  const names = useMemo(() => state && playerNames(server, state), [server, state]);
  if (!state || !names) return <Spinner />;
  return (
    <GameLayout
      ctrl={ctrl}
      state={state}
      view={state}
      names={names}
      remaining={null}
      side={state.isComputerGame ? state.humanPlayer : 'white'}
      moves={ctrl.moves}
      defends={false}
      gameOver={null}
    />
  );
}
