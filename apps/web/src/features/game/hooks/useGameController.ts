import type {
  ClientMessage,
  GameActionResponse,
  GameResponse,
  MoveIntention,
  ServerGameState,
} from '@sbc/api';
import { type Game, type GameError, type GameState, isLive, type MoveRequest } from '@sbc/game';
import type { ColorName, Result, TypeName } from '@sbc/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, HttpError, isUnauthorized, LiveError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { gamesApi, useGameQuery } from '../api/games.ts';
import { type BoardMove, boardMoves, gameFromState } from '../lib/model.ts';
import { playSound } from './useSounds.ts';

/** Who caused the last change: it decides the Game Over dialog's delay and the toast titles. */
export type Actor = 'human' | 'computer' | 'controls';

/**
 * The Game Over dialog waits 500 ms after a human move, 1000 after the computer's, 1500 from the
 * controls (docs/architecture.md §7).
 */
export const GAME_OVER_DELAY: Record<Actor, number> = { human: 500, computer: 1000, controls: 1500 };

type Intention = MoveRequest;

/** An intention on an online game as the socket carries it. */
export type GameMessage = Extract<
  ClientMessage,
  { type: 'game:move' | 'game:choose' | 'game:resign' | 'game:draw_request' | 'game:draw_respond' }
>;

/** How an online game's screen reaches the server (components/online/OnlineGame.tsx). */
export interface OnlineLink {
  /** The colour this screen may move: the player's while a way to the server is open, else null. */
  seat: ColorName | null;
  /** Whether the HTTP game calls are this screen's: a signed-in player's (a guest has only the socket). */
  http: boolean;
  /** Sends over the socket and settles with the game it led to; undefined sends over HTTP instead. */
  send: (message: GameMessage) => Promise<GameActionResponse> | undefined;
}

/** One action as the pipeline runs it (see `act`). */
interface Action {
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

/** The sound of the last move of a state. */
function soundOf(state: GameState): void {
  const last = state.moveHistory[state.moveHistory.length - 1];
  if (!last) return;
  playSound(last.isSharedBoxAttacked ? 'attack' : last.capturedPiece ? 'capture' : 'move');
}

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
 * One game on screen: the server's state, the rules' game rebuilt from it, and every action. An
 * action shows the rules' result at once and then takes the server's answer; a refusal puts the
 * board back and says why. An online game (`online`) sends over the socket when it is open.
 */
export function useGameController(id: string, online?: OnlineLink) {
  const queryClient = useQueryClient();
  const query = useGameQuery(id, !online || online.http);
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

  /**
   * Every action goes through here: replay it on the rules' game, refuse it with a toast when the
   * rules do, show the result at once, send the intention, then take the server's answer or, on a
   * refusal, put the board back and say why.
   */
  const act = useCallback(
    async (action: Action) => {
      if (!state) return;
      const local = action.local ? gameFromState(state) : null;
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
        // The server's fields (clock, deadline) stay those of its last answer.
        const base = queryClient.getQueryData<GameResponse>(queryKeys.game(id))?.gameState;
        if (base) setOptimistic({ state: { ...base, ...next }, game: local });
      }
      setBusy(true);
      try {
        const response = await action.send(state, server?.version ?? 0);
        const { message: _message, ...answer } = response;
        queryClient.setQueryData(queryKeys.game(id), answer);
        setOptimistic(null);
        // After an action the list of games and the statistics are refreshed too (docs/architecture.md §6).
        void queryClient.invalidateQueries({ queryKey: queryKeys.games() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.statistics });
        action.answered?.(response);
      } catch (error) {
        setOptimistic(null);
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
    [state, server, queryClient, id],
  );

  /** An intention over the socket when the online link takes it, else over HTTP. */
  const via = useCallback(
    (message: GameMessage, http: () => Promise<GameActionResponse>) => online?.send(message) ?? http(),
    [online],
  );

  // The moves the player on this screen may make: none while the computer or the opponent is to move.
  const onScreen =
    !!state &&
    (online
      ? state.currentPlayer === online.seat
      : !state.isComputerGame || state.currentPlayer === state.humanPlayer);
  const moves: BoardMove[] = useMemo(
    () => (game && live && !busy && onScreen ? boardMoves(game) : []),
    [game, live, busy, onScreen],
  );

  /** A move by a player or the computer; a pawn reaching the last rank first asks for its piece. */
  const move = useCallback(
    async (intention: Intention, actor: Actor = 'human') => {
      if (!game) return;
      const needsPromotion =
        !intention.promotion &&
        boardMoves(game).some((m) => m.from === intention.from && m.to === intention.to && m.promotion);
      if (needsPromotion) {
        setPromotion(intention);
        return;
      }
      await act({
        actor,
        local: (g) => g.move(intention),
        refusal: 'Invalid Move',
        sound: soundOf,
        send: (s, version) => {
          const move = {
            ...intention,
            promotion: intention.promotion as MoveIntention['promotion'],
          };
          return via({ type: 'game:move', gameId: id, ...move, version }, () =>
            gamesApi.move(id, { ...move, moveNumber: s.moveCount + 1, player: s.currentPlayer }),
          );
        },
        answered: (r) => {
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
      });
    },
    [game, act, via, id],
  );

  const promote = useCallback(
    (piece: TypeName) => {
      const pending = promotion;
      setPromotion(null);
      if (pending) void move({ ...pending, promotion: piece });
    },
    [promotion, move],
  );

  /** The defender's choice after an attack on its double box: the piece it sacrifices. */
  const choose = useCallback(
    (piece: TypeName, actor: Actor = 'human') => {
      const sacrifice = piece as Exclude<TypeName, 'king'>;
      return act({
        actor,
        local: (g) => g.choose(sacrifice),
        refusal: 'Invalid Move',
        sound: () => playSound('capture'),
        send: (_s, version) =>
          via({ type: 'game:choose', gameId: id, sacrifice, version }, () =>
            gamesApi.intention(id, { action: 'choose', sacrifice }),
          ),
        answered: (r) => {
          if (r.message) toast({ title: 'Defender Choice', description: r.message });
        },
      });
    },
    [act, via, id],
  );

  const undo = useCallback(
    () =>
      act({
        actor: 'controls',
        local: (g) => g.undo(),
        refusal: 'Cannot Undo',
        send: () => gamesApi.intention(id, { action: 'undo' }),
        answered: (r) => toast({ title: 'Move Undone', description: r.message ?? undefined }),
        failure: { title: 'Cannot Undo', fallback: 'Failed to make move' },
      }),
    [act, id],
  );

  /** The server keeps the undone moves (the rules' record has none): a redo waits for its answer. */
  const redo = useCallback(async () => {
    if (state && !state.canRedo) {
      toast({ title: 'Cannot Redo', description: 'No moves to redo', variant: 'destructive' });
      return;
    }
    await act({
      actor: 'controls',
      send: () => gamesApi.intention(id, { action: 'redo' }),
      answered: (r) => {
        soundOf(r.gameState);
        toast({ title: 'Move Redone', description: r.message ?? undefined });
      },
      failure: { title: 'Cannot Redo', fallback: 'Failed to make move' },
    });
  }, [state, act, id]);

  /** Against the computer the human resigns, whoever is to move; online, the player's colour. */
  const resign = useCallback(
    () =>
      act({
        actor: 'controls',
        local: (g, s) => g.resign(online?.seat ?? (s.mode === 'computer' ? s.humanPlayer : s.currentPlayer)),
        send: () => via({ type: 'game:resign', gameId: id }, () => gamesApi.resign(id)),
        answered: () => {
          if (online) toast({ title: 'Resigned', description: 'You have resigned from the game' });
        },
        failure: { title: 'Error', fallback: 'Failed to resign' },
      }),
    [act, via, id, online],
  );

  /** Offline the draw is declared at once; online it is an offer the opponent answers. */
  const draw = useCallback(
    () =>
      act({
        actor: 'controls',
        local: online ? undefined : (g) => g.agreeDraw(),
        send: () => via({ type: 'game:draw_request', gameId: id }, () => gamesApi.requestDraw(id)),
        answered: () => {
          if (online) toast({ title: 'Draw Requested', description: 'Waiting for opponent to respond' });
        },
        failure: { title: 'Error', fallback: 'Failed to request draw' },
      }),
    [act, via, id, online],
  );

  const respondToDraw = useCallback(
    (accept: boolean) =>
      act({
        actor: 'controls',
        send: () =>
          via({ type: 'game:draw_respond', gameId: id, accept }, () => gamesApi.respondToDraw(id, accept)),
        failure: { title: 'Error', fallback: 'Failed to respond to draw request' },
      }),
    [act, via, id],
  );

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.game(id) }),
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
    respondToDraw,
    refetch,
    gameOverOpen,
    setGameOverOpen,
  };
}

export type GameController = ReturnType<typeof useGameController>;
