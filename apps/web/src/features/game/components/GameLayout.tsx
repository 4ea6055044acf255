import type { ServerGameState } from '@sbc/api';
import { type ColorName, opponent } from '@sbc/rules';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint.tsx';
import { LoadFailure } from '../../../components/PageError.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { HttpError } from '../../../lib/http.ts';
import type { ShownPlayer } from '../../../lib/players.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { AnalysedBoard, useReview } from '../analysis/review.tsx';
import type { GameController } from '../hooks/useGameController.ts';
import { useMoveNavigation, useNavigationKeys } from '../hooks/useMoveNavigation.ts';
import { mateOf } from '../lib/mate.ts';
import type { BoardMove } from '../lib/model.ts';
import { Board } from './Board.tsx';
import { BoardSettingsButton } from './BoardSettingsButton.tsx';
import { ExportPanel } from './Controls.tsx';
import { gameEndBanner } from './GameDialogs.tsx';
import { MoveHistory, ShownPositionBar } from './MoveHistory.tsx';
import {
  CapturedPieces,
  GameStatusPanel,
  PlayersPanel,
  RulesSummary,
  SharedBoxesPanel,
  type Timing,
} from './Panels.tsx';
import { PieceChoiceDialog, PROMOTIONS } from './PieceChoiceDialog.tsx';
import { RulesDialog } from './RulesDialog.tsx';

/** An earlier position offers no moves. */
const NO_MOVES: readonly BoardMove[] = [];
const NO_SIDES: readonly ColorName[] = [];

/** A game that could not be shown: unknown (or not the user's), or refused with the reason given. */
export function GameMissing({ notFound, reason }: { notFound: boolean; reason?: string }) {
  return (
    <main className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? 'Game not found' : 'The game could not be loaded'}</h1>
      {!notFound && reason && <p className="text-sm text-slate-600">{reason}</p>}
      <Link to="/" className={buttonClass('outline')}>
        Back to home
      </Link>
    </main>
  );
}

/** The game's request failed: a sentence for the player (never the raw answer) and a new attempt. */
export function GameLoadFailure({
  error,
  onRetry,
  retrying,
}: {
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <LoadFailure
      title="The game could not be loaded"
      sentence={loadFailureSentence(error)}
      action={retrying ? 'Retrying...' : 'Retry'}
      onAction={onRetry}
      busy={retrying}
    >
      <Link to="/" className={buttonClass('ghost')}>
        Back to home
      </Link>
    </LoadFailure>
  );
}

/** The server's own sentence for a refusal; a fault of the server's or of the network has none. */
function loadFailureSentence(error: Error | null): string {
  if (!(error instanceof HttpError)) return 'Please check your connection and try again.';
  if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return error.serverMessage ?? 'Please try again.';
}

export interface GameLayoutProps {
  ctrl: GameController;
  /** The state the board shows (the controller's, once it has one). */
  state: ServerGameState;
  /** The state the panels show, a render behind the board's (see LocalGame). */
  view: ServerGameState;
  names: Record<ColorName, string>;
  /** An online game's players: their profiles, ratings and changes. */
  players?: Record<ColorName, ShownPlayer> | null;
  remaining: number | null;
  /** The side shown at the bottom until the player flips the board. */
  side: ColorName;
  moves: readonly BoardMove[];
  /** The player who may queue a premove while the other side is to move (none in a local game). */
  premove?: ColorName;
  /** The computer's chosen piece. */
  highlight?: string | null;
  /** A line under the header while the game is live; null keeps its place (the board does not jump). */
  notice?: string | null;
  /** Whether this screen answers an attack on a double box. */
  defends: boolean;
  /** Game Controls; none for a spectator. */
  controls?: ReactNode;
  /** Panels of an online game. */
  aside?: ReactNode;
  /** The sides this screen plays, whose clock sounds when it runs low. */
  sounds?: readonly ColorName[];
  gameOver: ReactNode;
}

/**
 * The game screen's frame (docs/architecture.md §6): board, panels, the Rules and choice dialogs.
 * The board shows the position the move navigation chose: an earlier one is read-only, and the
 * panels that describe the board (boxes, captures) follow it.
 */
export function GameLayout({
  ctrl,
  state,
  view,
  names,
  players,
  remaining,
  side,
  moves,
  premove,
  highlight,
  notice,
  defends,
  controls,
  aside,
  sounds = NO_SIDES,
  gameOver,
}: GameLayoutProps) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const openRules = useCallback(() => setRulesOpen(true), []);
  const flip = useCallback(() => setFlipped((f) => !f), []);
  const { move } = ctrl;
  const onMove = useCallback((m: Parameters<typeof move>[0]) => void move(m), [move]);
  const nav = useMoveNavigation(state);
  useNavigationKeys(nav);
  const shown = nav.shown ?? state;
  // The boxes and captures of the shown position, with the server's fields of the game.
  const shownView = useMemo(() => (nav.shown ? { ...view, ...nav.shown } : view), [nav.shown, view]);
  const inCheck = shown.gameStatus === 'check' || shown.gameStatus === 'checkmate';
  const checkers = useMemo(() => mateOf(shown)?.checkers, [shown]);
  const pending = state.pendingDefenderChoice;
  const orientation = flipped ? opponent(side) : side;
  // The analysis follows the shown position, and its graph moves it.
  const review = useReview(view, names, { ply: nav.shownPly, show: nav.show });
  const { clock, server } = ctrl;
  const timing = useMemo<Timing | null>(
    () => (clock && server ? { gameId: server.id, tc: server.timeControl, clock, sounds } : null),
    [clock, server, sounds],
  );
  // What a move does not change stays the same element, which React skips, in both of a frame's
  // renders (the board's, then the panels'): the header and the dialogs, closed but for a choice.
  const header = useMemo(
    () => (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Link to="/" className="text-base font-bold text-slate-900 hover:text-amber-700 sm:text-lg">
          {PRODUCT}
        </Link>
        {/* On a phone the three buttons stay beside the title, a little closer together. */}
        <div className="flex gap-1 sm:gap-2">
          <BoardSettingsButton />
          <Button variant="outline" size="sm" onClick={openRules}>
            Rules
          </Button>
          <Link to="/" className={buttonClass('primary', 'sm')}>
            New Game
          </Link>
        </div>
      </div>
    ),
    [openRules],
  );
  // The controller's actions change with every state: the dialogs call the newest through this.
  const actions = useRef(ctrl);
  actions.current = ctrl;
  const promoting = ctrl.promotion !== null;
  const choosing = defends && !!pending && !ctrl.busy;
  const mover = state.currentPlayer;
  const dialogs = useMemo(
    () => (
      <>
        <RulesDialog open={rulesOpen} onOpenChange={setRulesOpen} />
        <PieceChoiceDialog
          open={promoting}
          title="Choose Promotion Piece"
          options={PROMOTIONS.map((type) => ({ type, color: mover }))}
          onChoose={(type) => actions.current.promote(type)}
          onCancel={() => actions.current.cancelPromotion()}
        />
        <PieceChoiceDialog
          open={choosing}
          title="Your shared box is under attack!"
          description={pending ? `Choose which piece on ${pending.coordinate} to sacrifice.` : undefined}
          options={[...new Set(pending?.defendingSharedBox.options ?? [])].map((type) => ({
            type,
            color: pending?.defender ?? mover,
          }))}
          onChoose={(type) => void actions.current.choose(type)}
        />
      </>
    ),
    [rulesOpen, promoting, mover, choosing, pending],
  );
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
      {header}
      {!ctrl.live && (
        <div
          role="alert"
          className="mb-3 rounded-lg bg-slate-900 px-4 py-3 text-center font-semibold text-white"
        >
          {gameEndBanner(state)}
        </div>
      )}
      {ctrl.live && notice !== undefined && (
        <div className="mb-3 h-10 max-lg:mb-2 max-lg:h-8">
          {notice && (
            <div
              role="status"
              className="flex h-full items-center justify-center gap-2 rounded-lg bg-sky-100 px-4 text-sky-900 max-lg:text-sm"
            >
              <span className="h-3 w-3 animate-ping rounded-full bg-sky-500" aria-hidden="true" />
              {notice}
            </div>
          )}
        </div>
      )}
      {/* Below lg, one column (of the screen's width, whatever the move strip holds): the side
          column's cards join it (display: contents), and the players, the board, the move strip
          and the controls come first, in the first screen: the board leaves 20rem of its height
          to the rest (down to a 16rem board, on a phone held sideways). */}
      <div className="grid grid-cols-1 gap-4 max-lg:gap-3 lg:grid-cols-[minmax(0,1fr)_340px] xl:grid-cols-[minmax(0,1fr)_340px_300px]">
        <div className="mx-auto w-full max-w-[min(100%,calc(100vh-9rem))] min-w-0 space-y-3 max-lg:-order-3 max-lg:max-w-[min(100%,max(16rem,calc(100dvh-20rem)))]">
          <AnalysedBoard review={review} orientation={orientation}>
            <Board
              board={shown.board}
              orientation={orientation}
              turn={shown.currentPlayer}
              moves={nav.live ? moves : NO_MOVES}
              lastMove={shown.lastMove}
              checkSquare={inCheck ? shown.kingPositions[shown.currentPlayer] : null}
              checkers={checkers}
              highlight={nav.live ? highlight : null}
              onMove={onMove}
              premove={ctrl.live ? premove : undefined}
              past={!nav.live}
            />
          </AnalysedBoard>
          {!nav.live && (
            <ShownPositionBar
              shownPly={nav.shownPly}
              plies={nav.plies}
              arrived={nav.arrived}
              onBack={nav.backToLive}
            />
          )}
        </div>
        <div className="space-y-4 max-lg:contents max-lg:space-y-0">
          <div className="max-lg:-order-4">
            <PlayersPanel
              names={names}
              players={players}
              state={view}
              remaining={remaining}
              timing={timing}
            />
          </div>
          {aside}
          <GameStatusPanel state={view} />
          <AfterFirstPaint>
            {controls && <div className="max-lg:-order-1">{controls}</div>}
            <div className="max-lg:-order-2">
              <MoveHistory
                history={review?.history ?? view.moveHistory}
                shownPly={nav.shownPly}
                onShow={nav.show}
              />
            </div>
            {review?.panel}
          </AfterFirstPaint>
        </div>
        <div className="space-y-4 lg:col-span-2 lg:grid lg:grid-cols-2 lg:gap-4 lg:space-y-0 xl:col-span-1 xl:block xl:space-y-4">
          <AfterFirstPaint>
            <SharedBoxesPanel state={shownView} />
            <CapturedPieces captured={shownView.capturedPieces} />
            <RulesSummary onOpenRules={openRules} />
            <ExportPanel state={view} game={ctrl.server} onFlip={flip} />
          </AfterFirstPaint>
        </div>
      </div>
      <AfterFirstPaint>
        {dialogs}
        {gameOver}
      </AfterFirstPaint>
    </main>
  );
}
