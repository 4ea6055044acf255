import type { GameActionResponse, GameResponse, ServerGameState } from '@sbc/api';
import { type Game, type GameError, type GameState, gameFromState, recordFromState } from '@sbc/game';
import type { Result } from '@sbc/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, HttpError, isUnauthorized, LiveError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useShownClock } from './useShownClock.ts';

/** Who caused the last change: it decides the Game Over dialog's delay and the toast titles. */
export type Actor = 'human' | 'computer' | 'controls';

/** One action as the pipeline runs it (see `act`). */
export interface Action {
  actor: Actor;
  /** The action on the rules' game replayed from the shown state; none when only the server can (redo). */
  local?: (game: Game, state: ServerGameState) => Result<unknown, GameError>;
  /** The toast title when the rules refuse it; without one the server is asked anyway (resign, draw). */
  refusal?: string;
  /** The sound of the result shown at once. */
  sound?: (state: GameState) => void;
  /** The intention sent to the server, given the game's version that the screen holds. */
  send: (state: ServerGameState, version: number) => Promise<GameActionResponse>;
  /** After the server's answer is shown. */
  answered?: (response: GameActionResponse) => void;
  /** The toast of a failed call; without one, a move's failure report. */
  failure?: { title: string; fallback: string };
}

/** Runs an action through the pipeline. */
export type Act = (action: Action) => Promise<void>;

/** A refusal of the rules or the game, over HTTP or the socket (not a lost connection). */
const refused = (error: unknown) =>
  error instanceof HttpError
    ? error.status === 400 || error.status === 409 || error.status === 422
    : error instanceof LiveError && error.code !== 'disconnected';

/** A rejected move: 'Invalid Move' with the server's reason, or the generic failure. */
function reportFailure(error: unknown): void {
  if (isUnauthorized(error)) return; // the query client logs out
  if (refused(error)) {
    toast({
      title: 'Invalid Move',
      description: errorMessage(error, 'This move is not allowed'),
      variant: 'destructive',
    });
    return;
  }
  toast({ title: 'Error', description: errorMessage(error, 'Failed to make move'), variant: 'destructive' });
}

/**
 * The shown game and the one pipeline every action goes through: the server's state (`server`, the
 * game's query) or, until the server answers, the state an action led to by the rules; and its
 * clocks, the mover's stopped from the move until the answer.
 */
export function useActionPipeline(id: string, server: GameResponse | undefined) {
  const queryClient = useQueryClient();
  // The state shown before the server answers, with the rules' game it came from (no replay).
  const [optimistic, setOptimistic] = useState<{ state: ServerGameState; game: Game } | null>(null);
  const [busy, setBusy] = useState(false);
  const actorRef = useRef<Actor>('human');
  const { shown: clock, press, release } = useShownClock(server?.gameState.clock);

  const state: ServerGameState | undefined = optimistic?.state ?? server?.gameState;
  // The rules' game of the server's state: the one before, brought forward by the moves this state
  // adds (a move frame's one), and rebuilt only when the history changed otherwise (an undo). A
  // replay costs 30 ms in a 300-ply game; a move should cost as much as in a short one.
  const built = useRef<Game | null>(null);
  // Bumped when an action the rules played on `built` is refused by the server: the game is rebuilt.
  const [rebuilds, setRebuilds] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rebuilds` asks for the rebuild
  const serverGame = useMemo(() => {
    if (!server) return null;
    if (!built.current?.catchUp(recordFromState(server.gameState)))
      built.current = gameFromState(server.gameState);
    return built.current;
  }, [server, rebuilds]);
  const game: Game | null = optimistic ? optimistic.game : serverGame;

  /**
   * Every action goes through here: replay it on the rules' game, refuse it with a toast when the
   * rules do, show the result at once, send the intention, then take the server's answer or, on a
   * refusal, put the board back and say why.
   */
  const act: Act = useCallback(
    async (action: Action) => {
      if (!state) return;
      // Played on the shown game itself, not a replayed copy (30 ms at 300 plies): a refusal of the
      // rules changes nothing, the server's state then brings it forward by nothing (catchUp), and a
      // refusal of the server has it rebuilt.
      const local = action.local ? game : null;
      const result = local && action.local?.(local, state);
      if (result && !result.ok && action.refusal) {
        toast({
          title: action.refusal,
          description: result.error.message,
          variant: 'destructive',
        });
        return;
      }
      actorRef.current = action.actor;
      if (local && result?.ok) {
        const next = local.state();
        action.sound?.(next);
        // A move that passes the turn stops the mover's clock at once (it never goes up after).
        if (next.currentPlayer !== state.currentPlayer) press(state.currentPlayer);
        // The server's fields (clock, deadline) stay those of its last answer.
        const base = queryClient.getQueryData<GameResponse>(queryKeys.game(id))?.gameState;
        if (base) setOptimistic({ state: { ...base, ...next }, game: local });
      }
      setBusy(true);
      try {
        const response = await action.send(state, server?.version ?? 0);
        const { message: _message, ...answer } = response;
        // The socket's frame may have put this version in the cache already: that object stays.
        queryClient.setQueryData<GameResponse>(queryKeys.game(id), (held) =>
          held && held.version >= answer.version ? held : answer,
        );
        setOptimistic(null);
        // After an action the list of games and the statistics are refreshed too (docs/architecture.md §6).
        void queryClient.invalidateQueries({ queryKey: queryKeys.games() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.statistics });
        action.answered?.(response);
      } catch (error) {
        setOptimistic(null);
        if (result?.ok) {
          built.current = null;
          setRebuilds((n) => n + 1);
        }
        release();
        if (!action.failure) reportFailure(error);
        else
          toast({
            title: action.failure.title,
            description: errorMessage(error, action.failure.fallback),
            variant: 'destructive',
          });
        void queryClient.invalidateQueries({ queryKey: queryKeys.game(id) });
      } finally {
        setBusy(false);
      }
    },
    [state, game, server, queryClient, id, press, release],
  );

  /** `game` is brought forward in place: `state` tells when it moved. */
  return { state, game, busy, act, actorRef, clock };
}
