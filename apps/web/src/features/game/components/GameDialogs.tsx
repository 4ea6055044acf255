import type { ServerGameState } from '@sbc/api';
import { capitalize, GAME_ERRORS, MESSAGES } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { mateOf } from '../lib/mate.ts';
import { RulesDialog } from './RulesDialog.tsx';

/** The Game Over dialog's text (`MESSAGES`, packages/game/src/messages.ts). */
export function gameOverText(state: ServerGameState): string {
  switch (state.gameStatus) {
    case 'stalemate':
      return MESSAGES.stalemateDialog;
    case 'draw':
      return state.drawReason === 'agreement'
        ? MESSAGES.drawDeclared
        : (state.statusMessage ?? MESSAGES.drawText);
    case 'checkmate':
    case 'resigned':
    case 'abandoned':
    case 'outoftime':
    case 'aborted':
      return state.statusMessage ?? GAME_ERRORS.gameEnded;
    default:
      return GAME_ERRORS.gameEnded;
  }
}

/** The banner at the top when the game has ended. */
export function gameEndBanner(state: ServerGameState): string {
  if (state.gameStatus === 'stalemate') return MESSAGES.stalemate;
  if (state.gameStatus === 'draw' && state.drawReason === 'agreement') return MESSAGES.drawAgreed;
  return state.statusMessage ?? GAME_ERRORS.gameEnded;
}

/**
 * Game Over: after a checkmate, why (`explainMate`) with a 'Why?' that opens the rules at its
 * section; New Game and Continue Viewing, against the computer also 'Play again' (same colour) and
 * 'Play again as {other colour}'; online, `actions` in their place (none for a spectator), and
 * a rated game's rating changes (`summary`).
 */
export function GameOverDialog({
  open,
  state,
  onNewGame,
  onPlayAgain,
  onClose,
  actions,
  summary,
}: {
  open: boolean;
  state: ServerGameState;
  onNewGame?: () => void;
  onPlayAgain?: ((color: ColorName) => void) | null;
  onClose: () => void;
  actions?: ReactNode | null;
  /** Under the result: a rated game's rating changes. */
  summary?: ReactNode;
}) {
  const other = state.humanPlayer === 'white' ? 'black' : 'white';
  const mate = useMemo(() => mateOf(state), [state]);
  const [why, setWhy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Game Over"
      description={gameOverText(state)}
    >
      {summary}
      {mate && (
        <p className="mb-4 text-sm text-slate-700">
          {mate.text}{' '}
          <button
            type="button"
            className="font-medium text-amber-700 hover:underline"
            onClick={() => setWhy(true)}
          >
            Why?
          </button>
          <RulesDialog open={why} onOpenChange={setWhy} section={mate.section} />
        </p>
      )}
      {onPlayAgain && actions === undefined && (
        <div className="mb-2 grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => onPlayAgain(state.humanPlayer)}>
            Play again
          </Button>
          <Button variant="outline" onClick={() => onPlayAgain(other)}>
            Play again as {capitalize(other)}
          </Button>
        </div>
      )}
      {actions !== undefined ? (
        actions
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Continue Viewing
          </Button>
          <Button onClick={onNewGame}>New Game</Button>
        </div>
      )}
    </Dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
