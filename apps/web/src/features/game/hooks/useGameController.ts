import type { GameActionResponse, GameResponse, MoveIntention, ServerGameState } from '@sbc/api';
import { type Game, type GameState, isLive, type MoveRequest } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, HttpError, isUnauthorized } from '../../../lib/http.ts';
import { gameKey, gamesApi } from '../api/games.ts';
import { type BoardMove, boardMoves, gameFromState } from '../lib/model.ts';
import { playSound } from './useSounds.ts';

/** Who caused the last change: it decides the Game Over dialog's delay and the toast titles. */
export type Actor = 'human' | 'computer' | 'controls';

/** game.md section 2: the Game Over dialog waits 500 ms after a human move, 1000 after the computer's, 1500 from the controls. */
export const GAME_OVER_DELAY: Record<Actor, number> = { human: 500, computer: 1000, controls: 1500 };

type Intention = MoveRequest;

/** A game after a local action, and its state to show. */
type Shown = { game: Game; state: GameState };
const shown = (game: Game | null): Shown | null => game && { game, state: game.state() };

/** The sound of the last move of a state. */
function soundOf(state: GameState): void {
  const last = state.moveHistory[state.moveHistory.length - 1];
  if (!last) return;
  playSound(last.isSharedBoxAttacked ? 'attack' : last.capturedPiece ? 'capture' : 'move');
}

/** A rejected call: 'Invalid Move' with the server's reason, or the generic failure. */
function reportFailure(error: unknown, fallbackTitle = 'Error', fallback = 'Failed to make move'): void {
  if (isUnauthorized(error)) return; // the query client logs out
  if (error instanceof HttpError && (error.status === 400 || error.status === 409 || error.status === 422)) {
    toast({
      title: 'Invalid Move',
      description: error.serverMessage ?? 'This move is not allowed',
      variant: 'destructive',
    });
    return;
  }
  toast({ title: fallbackTitle, description: errorMessage(error, fallback), variant: 'destructive' });
}

/**
 * One game on screen: the server's state, the rules' game rebuilt from it, and every action. An
 * action shows the rules' result at once and then takes the server's answer; a refusal puts the
 * board back and says why.
 */
export function useGameController(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery<GameResponse>({
    queryKey: gameKey(id),
    // game.md section 7: retried up to 3 times unless unauthorised.
    retry: (count, error) =>
      !isUnauthorized(error) && !(error instanceof HttpError && error.status === 404) && count < 3,
  });
  // The state shown before the server answers, with the rules' game it came from (no replay).
  const [optimistic, setOptimistic] = useState<{ state: ServerGameState; game: Game } | null>(null);
  const [busy, setBusy] = useState(false);
  const [promotion, setPromotion] = useState<Intention | null>(null);
  const [gameOverOpen, setGameOverOpen] = useState(false);
  const actorRef = useRef<Actor>('human');

  const server = query.data;
  const state: ServerGameState | undefined = optimistic?.state ?? server?.gameState;
  const serverGame = useMemo(() => (server ? gameFromState(server.gameState) : null), [server]);
  const game: Game | null = optimistic ? optimistic.game : serverGame;
  const live = state ? isLive(state.gameStatus) : false;

  // Game Over: after the game ends on this screen, with the delay of whoever ended it. The timer
  // survives the server's answer replacing the optimistic state; a game live again cancels it.
  const wasLive = useRef<boolean | null>(null);
  const overTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!state) return;
    const before = wasLive.current;
    wasLive.current = live;
    if (before === true && !live) {
      clearTimeout(overTimer.current);
      overTimer.current = setTimeout(() => setGameOverOpen(true), GAME_OVER_DELAY[actorRef.current]);
    } else if (live) {
      clearTimeout(overTimer.current);
      setGameOverOpen(false);
    }
  }, [state, live]);
  useEffect(() => () => clearTimeout(overTimer.current), []);

  const apply = useCallback(
    (response: GameActionResponse) => {
      const { message: _message, ...game } = response;
      queryClient.setQueryData(gameKey(id), game);
      setOptimistic(null);
      // game.md section 7: after an action the list of games and the statistics are refreshed too.
      void queryClient.invalidateQueries({ queryKey: ['/api/games'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/games/statistics'] });
    },
    [queryClient, id],
  );

  /** Shows `local` at once, sends the call, then takes the server's answer or puts the board back. */
  const run = useCallback(
    async (
      actor: Actor,
      local: Shown | null,
      call: () => Promise<GameActionResponse>,
      onAnswer: (r: GameActionResponse) => void,
      fail: (e: unknown) => void = (e) => reportFailure(e),
    ) => {
      actorRef.current = actor;
      const base = optimisticBase(queryClient, id);
      if (local && base) setOptimistic({ state: { ...base, ...local.state }, game: local.game });
      setBusy(true);
      try {
        const response = await call();
        apply(response);
        onAnswer(response);
      } catch (error) {
        setOptimistic(null);
        fail(error);
        void queryClient.invalidateQueries({ queryKey: gameKey(id) });
      } finally {
        setBusy(false);
      }
    },
    [apply, queryClient, id],
  );

  // The moves the player on this screen may make: none while the computer is to move.
  const onScreen = !!state && (!state.isComputerGame || state.currentPlayer === state.humanPlayer);
  const moves: BoardMove[] = useMemo(
    () => (game && live && !busy && onScreen ? boardMoves(game) : []),
    [game, live, busy, onScreen],
  );

  /** A move by a player or the computer. */
  const move = useCallback(
    async (intention: Intention, actor: Actor = 'human') => {
      if (!state || !game) return;
      const needsPromotion =
        !intention.promotion &&
        boardMoves(game).some((m) => m.from === intention.from && m.to === intention.to && m.promotion);
      if (needsPromotion) {
        setPromotion(intention);
        return;
      }
      const local = gameFromState(state);
      const result = local?.move(intention);
      if (local && result && !result.ok) {
        toast({
          title: 'Invalid Move',
          description: result.error.message,
          variant: 'destructive',
        });
        return;
      }
      const next = shown(local);
      if (next) soundOf(next.state);
      await run(
        actor,
        next,
        () =>
          gamesApi.move(id, {
            ...intention,
            promotion: intention.promotion as MoveIntention['promotion'],
            moveNumber: state.moveCount + 1,
            player: state.currentPlayer,
          }),
        (r) => {
          if (!r.message) return;
          const title = r.gameState.pendingDefenderChoice
            ? 'Defender Choice Required'
            : intention.promotion
              ? 'Pawn Promotion'
              : actor === 'computer'
                ? 'Computer Move'
                : 'Move Result';
          toast({ title, description: r.message });
        },
      );
    },
    [state, game, run, id],
  );

  const promote = useCallback(
    (piece: TypeName) => {
      const pending = promotion;
      setPromotion(null);
      if (pending) void move({ ...pending, promotion: piece });
    },
    [promotion, move],
  );

  /** The defender's choice after an attack on its double box. */
  const choose = useCallback(
    async (sacrifice: TypeName, actor: Actor = 'human') => {
      if (!state) return;
      const local = gameFromState(state);
      const result = local?.choose(sacrifice);
      if (local && result && !result.ok) {
        toast({ title: 'Invalid Move', description: result.error.message, variant: 'destructive' });
        return;
      }
      const next = shown(local);
      if (next) playSound('capture');
      await run(
        actor,
        next,
        () => gamesApi.intention(id, { action: 'choose', sacrifice: sacrifice as Exclude<TypeName, 'king'> }),
        (r) => {
          if (r.message) toast({ title: 'Defender Choice', description: r.message });
        },
      );
    },
    [state, run, id],
  );

  const undo = useCallback(async () => {
    if (!state) return;
    const local = gameFromState(state);
    const result = local?.undo();
    if (local && result && !result.ok) {
      toast({ title: 'Cannot Undo', description: result.error.message, variant: 'destructive' });
      return;
    }
    await run(
      'controls',
      shown(local),
      () => gamesApi.intention(id, { action: 'undo' }),
      (r) => toast({ title: 'Move Undone', description: r.message ?? undefined }),
      (e) =>
        toast({
          title: 'Cannot Undo',
          description: errorMessage(e, 'Failed to make move'),
          variant: 'destructive',
        }),
    );
  }, [state, run, id]);

  const redo = useCallback(async () => {
    if (!state) return;
    if (!state.canRedo) {
      toast({ title: 'Cannot Redo', description: 'No moves to redo', variant: 'destructive' });
      return;
    }
    await run(
      'controls',
      null,
      () => gamesApi.intention(id, { action: 'redo' }),
      (r) => {
        soundOf(r.gameState);
        toast({ title: 'Move Redone', description: r.message ?? undefined });
      },
      (e) =>
        toast({
          title: 'Cannot Redo',
          description: errorMessage(e, 'Failed to make move'),
          variant: 'destructive',
        }),
    );
  }, [state, run, id]);

  const resign = useCallback(async () => {
    if (!state) return;
    const local = gameFromState(state);
    const side: ColorName = state.mode === 'computer' ? state.humanPlayer : state.currentPlayer;
    const result = local?.resign(side);
    await run(
      'controls',
      result?.ok ? shown(local) : null,
      () => gamesApi.resign(id),
      () => {},
      (e) =>
        toast({ title: 'Error', description: errorMessage(e, 'Failed to resign'), variant: 'destructive' }),
    );
  }, [state, run, id]);

  const draw = useCallback(async () => {
    if (!state) return;
    const local = gameFromState(state);
    const result = local?.agreeDraw();
    await run(
      'controls',
      result?.ok ? shown(local) : null,
      () => gamesApi.requestDraw(id),
      () => {},
      (e) =>
        toast({
          title: 'Error',
          description: errorMessage(e, 'Failed to request draw'),
          variant: 'destructive',
        }),
    );
  }, [state, run, id]);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: gameKey(id) }),
    [queryClient, id],
  );

  return {
    query,
    server,
    state,
    game,
    live,
    busy,
    moves,
    move,
    promotion,
    promote,
    cancelPromotion: () => setPromotion(null),
    choose,
    undo,
    redo,
    resign,
    draw,
    refetch,
    gameOverOpen,
    setGameOverOpen,
  };
}

export type GameController = ReturnType<typeof useGameController>;

/** The server fields (clock, deadline) the optimistic state keeps from the last answer. */
function optimisticBase(queryClient: ReturnType<typeof useQueryClient>, id: string): ServerGameState | null {
  return queryClient.getQueryData<GameResponse>(gameKey(id))?.gameState ?? null;
}
