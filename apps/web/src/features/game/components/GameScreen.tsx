import { useDeferredValue, useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/card.tsx';
import { HttpError } from '../../../lib/http.ts';
import { componentOf, onDemand } from '../../../lib/on-demand.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { playerNames } from '../../../lib/players.ts';
import { usePlayerId } from '../../live/index.ts';
import { useGameQuery } from '../api/games.ts';
import { useComputerDraw } from '../hooks/useComputerDraw.ts';
import { useComputerTurn } from '../hooks/useComputerTurn.ts';
import { useGameController } from '../hooks/useGameController.ts';
import { useInactivity } from '../hooks/useInactivity.ts';
import { usePlayAgain } from '../hooks/usePlayAgain.ts';
import type { ComputerPlayer } from '../lib/engine.ts';
import { GameControls } from './Controls.tsx';
import { GameOverDialog } from './GameDialogs.tsx';
import { GameLayout, GameLoadFailure, GameMissing } from './GameLayout.tsx';
import { WatchedGame } from './WatchedGame.tsx';

// The socket and the online parts load only for an online game.
const OnlineGame = componentOf(
  onDemand(() => import('./online/OnlineGame.tsx')),
  'OnlineGame',
);

/** The sides a screen plays, whose clocks sound when low (one array each, for the panel's memo). */
const SIDES = { white: ['white'], black: ['black'], both: ['white', 'black'] } as const;

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * The game screen (docs/architecture.md §6), drawn from the game's read (docs/api.md §5, who may
 * read): an online game follows the socket, for its players and anyone else, who watches; a local
 * or computer game is its player's to play, and read-only to an admin.
 */
export function GameScreen({
  gameId,
  signedIn = true,
  computer,
}: {
  gameId: string;
  /** A visitor (a guest or not) may read online games only. */
  signedIn?: boolean;
  computer?: ComputerPlayer;
}) {
  const query = useGameQuery(gameId);
  const me = usePlayerId();
  usePageTitle('Game', query.data?.mode !== 'online');
  if (query.isPending) return <Spinner />;
  const game = query.data;
  // A read that failed with nothing to show (a later one that fails keeps the game it had: an
  // online game goes on over its socket meanwhile).
  if (!game) {
    // Not public: a visitor may be its player, once signed in.
    if (isNotFound(query.error)) return signedIn ? <GameMissing notFound /> : <Navigate to="/auth" replace />;
    return (
      <GameLoadFailure error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (game.mode === 'online') return <OnlineGame gameId={gameId} signedIn={signedIn} />;
  if (!me || (game.whitePlayerId !== me && game.blackPlayerId !== me)) return <WatchedGame gameId={gameId} />;
  return <LocalGame gameId={gameId} computer={computer} />;
}

/** A game at this screen: two players at one screen, or one against the computer. */
function LocalGame({ gameId, computer }: { gameId: string; computer?: ComputerPlayer }) {
  const ctrl = useGameController(gameId);
  const comp = useComputerTurn(ctrl, computer);
  const drawOffer = useComputerDraw(ctrl, computer);
  const { remaining } = useInactivity(gameId, ctrl.state, ctrl.refetch);
  const navigate = useNavigate();
  const { state, server } = ctrl;
  const playAgain = usePlayAgain(state);
  // The board shows a move at once; the panels follow in a render of their own, which React may
  // interrupt (a transition), so that no task of the main thread handles both. The screen's first
  // render, when the state arrives, is such a render too.
  const view = useDeferredValue(state);
  const names = useMemo(() => view && playerNames(server, view), [server, view]);
  const moves = useMemo(() => (comp.thinking ? [] : ctrl.moves), [comp.thinking, ctrl.moves]);
  // The controls and the dialog stay the same elements while only the countdown ticks: React skips
  // them (their dialogs and tooltips) in the render of every second.
  const computerGame = !!state?.isComputerGame;
  const disabled = ctrl.busy || comp.thinking || drawOffer.considering;
  const { undo, redo, draw, resign, gameOverOpen, setGameOverOpen } = ctrl;
  const offerDraw = drawOffer.offer;
  const controls = useMemo(
    () =>
      view && (
        <GameControls
          state={view}
          disabled={disabled}
          onUndo={() => void undo()}
          onRedo={() => void redo()}
          onDraw={() => void (computerGame ? offerDraw() : draw())}
          onResign={() => void resign()}
        />
      ),
    [view, disabled, undo, redo, draw, resign, computerGame, offerDraw],
  );
  const gameOver = useMemo(
    () =>
      view && (
        <GameOverDialog
          open={gameOverOpen}
          state={view}
          onNewGame={() => navigate('/')}
          onPlayAgain={playAgain}
          onClose={() => setGameOverOpen(false)}
        />
      ),
    [view, gameOverOpen, navigate, setGameOverOpen, playAgain],
  );
  if (!state || !view || !names) return <Spinner />;

  const pending = state.pendingDefenderChoice;
  return (
    <GameLayout
      sounds={state.isComputerGame ? SIDES[state.humanPlayer] : SIDES.both}
      ctrl={ctrl}
      state={state}
      view={view}
      names={names}
      remaining={remaining}
      side={state.isComputerGame ? state.humanPlayer : 'white'}
      moves={moves}
      premove={state.isComputerGame ? state.humanPlayer : undefined}
      highlight={comp.highlight}
      notice={
        state.isComputerGame
          ? comp.thinking
            ? 'Computer is thinking...'
            : drawOffer.considering
              ? 'The computer is considering your draw offer...'
              : null
          : undefined
      }
      defends={!!pending && (!state.isComputerGame || pending.defender === state.humanPlayer)}
      controls={controls}
      gameOver={gameOver}
    />
  );
}
