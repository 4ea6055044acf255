import { opponent, type TypeName } from '@sbc/rules';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/card.tsx';
import { HttpError } from '../../../lib/http.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { useComputerTurn } from '../hooks/useComputerTurn.ts';
import { useGameController } from '../hooks/useGameController.ts';
import { useInactivity } from '../hooks/useInactivity.ts';
import type { ComputerPlayer } from '../lib/engine.ts';
import { Board } from './Board.tsx';
import { ExportPanel, GameControls } from './Controls.tsx';
import { GameOverDialog, gameEndBanner } from './GameDialogs.tsx';
import {
  CapturedPieces,
  GameStatusPanel,
  MoveHistory,
  PlayersPanel,
  playerNames,
  RulesSummary,
  SharedBoxesPanel,
} from './Panels.tsx';
import { PieceChoiceDialog } from './PieceChoiceDialog.tsx';
import { RulesDialog } from './RulesDialog.tsx';

const PROMOTIONS: TypeName[] = ['queen', 'rook', 'bishop', 'knight'];

/** The game screen (docs/architecture.md §6), for local and computer games. */
export function GameScreen({ gameId, computer }: { gameId: string; computer?: ComputerPlayer }) {
  const ctrl = useGameController(gameId);
  const comp = useComputerTurn(ctrl, computer);
  const { remaining } = useInactivity(gameId, ctrl.state, ctrl.refetch);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const navigate = useNavigate();
  const { state, server, query } = ctrl;
  // The board shows a move at once; the panels follow in a render of their own, which React may
  // interrupt (a transition), so that no task of the main thread handles both. The screen's first
  // render, when the state arrives, is such a render too.
  const view = useDeferredValue(state);
  const names = useMemo(() => view && playerNames(server, view), [server, view]);
  const boardMoves = useMemo(() => (comp.thinking ? [] : ctrl.moves), [comp.thinking, ctrl.moves]);
  const openRules = useCallback(() => setRulesOpen(true), []);
  const flip = useCallback(() => setFlipped((f) => !f), []);
  const { move } = ctrl;
  const onMove = useCallback((m: Parameters<typeof move>[0]) => void move(m), [move]);

  if (query.isPending) return <Spinner />;
  if (!state) {
    const notFound = query.error instanceof HttpError && query.error.status === 404;
    return (
      <main className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{notFound ? 'Game not found' : 'The game could not be loaded'}</h1>
        {!notFound && query.error && <p className="text-sm text-slate-600">{query.error.message}</p>}
        <Link to="/" className={buttonClass('outline')}>
          Back to home
        </Link>
      </main>
    );
  }

  if (!view || !names) return <Spinner />;

  const live = ctrl.live;
  const base = state.isComputerGame ? state.humanPlayer : 'white';
  const orientation = flipped ? opponent(base) : base;
  const inCheck = state.gameStatus === 'check' || state.gameStatus === 'checkmate';
  const pending = state.pendingDefenderChoice;
  const humanDefends =
    !!pending && (!state.isComputerGame || pending.defender === state.humanPlayer) && !ctrl.busy;

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Link to="/" className="text-base font-bold text-slate-900 hover:text-amber-700 sm:text-lg">
          {PRODUCT}
        </Link>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setRulesOpen(true)}>
            Rules
          </Button>
          <Link to="/" className={buttonClass('primary', 'sm')}>
            New Game
          </Link>
        </div>
      </div>
      {!live && (
        <div
          role="alert"
          className="mb-3 rounded-lg bg-slate-900 px-4 py-3 text-center font-semibold text-white"
        >
          {gameEndBanner(state)}
        </div>
      )}
      {state.isComputerGame && live && (
        // A slot of fixed height, so that the board does not jump when the banner comes and goes.
        <div className="mb-3 h-10">
          {comp.thinking && (
            <div
              role="status"
              className="flex h-full items-center justify-center gap-2 rounded-lg bg-sky-100 px-4 text-sky-900"
            >
              <span className="h-3 w-3 animate-ping rounded-full bg-sky-500" aria-hidden="true" />
              Computer is thinking...
            </div>
          )}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px] xl:grid-cols-[minmax(0,1fr)_340px_300px]">
        <div className="mx-auto w-full max-w-[min(100%,calc(100vh-9rem))] min-w-0 space-y-3">
          <Board
            board={state.board}
            orientation={orientation}
            turn={state.currentPlayer}
            moves={boardMoves}
            lastMove={state.lastMove}
            checkSquare={inCheck ? state.kingPositions[state.currentPlayer] : null}
            highlight={comp.highlight}
            onMove={onMove}
          />
        </div>
        <div className="space-y-4">
          <PlayersPanel names={names} state={view} remaining={remaining} />
          <GameStatusPanel state={view} />
          <GameControls
            state={view}
            disabled={ctrl.busy || comp.thinking}
            onUndo={() => void ctrl.undo()}
            onRedo={() => void ctrl.redo()}
            onDraw={() => void ctrl.draw()}
            onResign={() => void ctrl.resign()}
          />
          <MoveHistory history={view.moveHistory} />
        </div>
        <div className="space-y-4 lg:col-span-2 lg:grid lg:grid-cols-2 lg:gap-4 lg:space-y-0 xl:col-span-1 xl:block xl:space-y-4">
          <SharedBoxesPanel state={view} />
          <CapturedPieces captured={view.capturedPieces} />
          <RulesSummary onOpenRules={openRules} />
          <ExportPanel state={view} onFlip={flip} />
        </div>
      </div>
      <RulesDialog open={rulesOpen} onOpenChange={setRulesOpen} />
      <PieceChoiceDialog
        open={ctrl.promotion !== null}
        title="Choose Promotion Piece"
        options={PROMOTIONS.map((type) => ({ type, color: state.currentPlayer }))}
        onChoose={ctrl.promote}
        onCancel={ctrl.cancelPromotion}
      />
      <PieceChoiceDialog
        open={humanDefends}
        title="Your shared box is under attack!"
        description={pending ? `Choose which piece on ${pending.coordinate} to sacrifice.` : undefined}
        options={[...new Set(pending?.defendingSharedBox.options ?? [])].map((type) => ({
          type,
          color: pending?.defender ?? state.currentPlayer,
        }))}
        onChoose={(type) => void ctrl.choose(type)}
      />
      <GameOverDialog
        open={ctrl.gameOverOpen}
        state={view}
        onNewGame={() => navigate('/')}
        onClose={() => ctrl.setGameOverOpen(false)}
      />
    </main>
  );
}
