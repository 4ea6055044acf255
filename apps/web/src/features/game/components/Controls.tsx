import type { GameResponse, ServerGameState } from '@sbc/api';
import { isLive } from '@sbc/game';
import { memo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { cn } from '../../../lib/cn.ts';
import { downloadable, downloadPgn } from '../../../lib/pgn-download.ts';
import { updateSettings, useBoardSettings } from '../hooks/useBoardSettings.ts';
import { ConfirmDialog } from './GameDialogs.tsx';
import { moveRows } from './MoveHistory.tsx';

/** The Draw confirm: online an offer the opponent answers, against the computer one its engine answers. */
const DRAW_CONFIRM = {
  online: {
    title: 'Offer a draw?',
    description: 'Your opponent is asked to accept or reject it.',
    confirmLabel: 'Request Draw',
  },
  computer: {
    title: 'Offer a draw?',
    description: 'The computer accepts unless it thinks its position is better.',
    confirmLabel: 'Offer Draw',
  },
  local: {
    title: 'Declare a draw?',
    description: 'The game ends at once as a draw by agreement.',
    confirmLabel: 'Declare Draw',
  },
} as const;

/** An online draw offer seen by its sender or by the opponent who answers it. */
export type DrawOffer = 'sent' | 'received' | null;

/**
 * Undo, Redo, Draw and Resign (docs/architecture.md §6): Undo and Redo follow the rules' stacks
 * and never online; Draw and Resign while the game is live, in check too. Both ends ask first. Online,
 * Draw offers a draw: 'Draw Pending' for its sender, 'Respond to Draw' for the opponent.
 */
export function GameControls({
  state,
  disabled,
  onUndo,
  onRedo,
  onDraw,
  onResign,
  drawOffer = null,
  onRespondToDraw,
}: {
  state: ServerGameState;
  /** A call or the computer's turn is under way. */
  disabled: boolean;
  /** Offline only (an online game offers neither). */
  onUndo?: () => void;
  onRedo?: () => void;
  onDraw: () => void;
  onResign: () => void;
  drawOffer?: DrawOffer;
  onRespondToDraw?: () => void;
}) {
  const [confirm, setConfirm] = useState<'draw' | 'resign' | null>(null);
  const online = state.mode === 'online';
  const live = isLive(state.gameStatus);
  const resigner = state.mode === 'local' ? (state.currentPlayer === 'white' ? 'White' : 'Black') : 'You';
  return (
    // Below the wide layout (lg): one row under the board, without the title; online, where Undo
    // and Redo are never offered, Draw and Resign alone.
    <Card title="Game Controls" className="max-lg:p-2 max-lg:[&>h2]:sr-only">
      <div className={cn('grid grid-cols-2 gap-2', !online && 'max-lg:grid-cols-4')}>
        <TooltipProvider>
          <Tooltip content="Take back the last move">
            <Button
              variant="outline"
              className={cn(online && 'max-lg:hidden')}
              disabled={disabled || online || !state.canUndo}
              onClick={onUndo}
            >
              Undo
            </Button>
          </Tooltip>
          <Tooltip content="Play the move you took back again">
            <Button
              variant="outline"
              className={cn(online && 'max-lg:hidden')}
              disabled={disabled || online || !state.canRedo}
              onClick={onRedo}
            >
              Redo
            </Button>
          </Tooltip>
        </TooltipProvider>
        <Button
          variant="secondary"
          disabled={disabled || !live || drawOffer === 'sent'}
          onClick={() => (drawOffer === 'received' ? onRespondToDraw?.() : setConfirm('draw'))}
        >
          {drawOffer === 'sent' ? 'Draw Pending' : drawOffer === 'received' ? 'Respond to Draw' : 'Draw'}
        </Button>
        <Button variant="destructive" disabled={disabled || !live} onClick={() => setConfirm('resign')}>
          Resign
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'draw'}
        {...DRAW_CONFIRM[state.mode]}
        onConfirm={() => {
          setConfirm(null);
          onDraw();
        }}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'resign'}
        title="Resign the game?"
        description={`${resigner === 'You' ? 'You resign' : `${resigner} resigns`} and the opponent wins. This cannot be undone.`}
        confirmLabel="Resign"
        destructive
        onConfirm={() => {
          setConfirm(null);
          onResign();
        }}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}

/** The move list as text: "1. d3 e5 2. Qd3+SB d6". */
export function moveListText(state: ServerGameState): string {
  return moveRows(state.moveHistory)
    .map((r) => `${r.n}. ${r.white?.entry.notation ?? '...'}${r.black ? ` ${r.black.entry.notation}` : ''}`)
    .join(' ');
}

/** Copies of the move list and the position, and once the game is over its PGN file. */
export const ExportPanel = memo(function ExportPanel({
  state,
  game,
  onFlip,
}: {
  state: ServerGameState;
  /** The game as the server last sent it: what the PGN file holds. */
  game: GameResponse | undefined;
  onFlip: () => void;
}) {
  const { sound } = useBoardSettings();
  return (
    <Card title="Board & Export">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={state.moveHistory.length === 0}
          onClick={() => void copyText(moveListText(state), 'Move list')}
        >
          Copy Move List
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!state.sbfen}
          onClick={() => state.sbfen && void copyText(state.sbfen, 'SBFEN')}
        >
          Copy SBFEN
        </Button>
        <Button variant="outline" size="sm" onClick={onFlip}>
          Flip Board
        </Button>
        {downloadable(game) && (
          <Button size="sm" onClick={() => downloadPgn(game)}>
            Download PGN
          </Button>
        )}
      </div>
      {state.sbfen && (
        <p className="mt-2 font-mono text-xs break-all text-slate-500">
          <span className="sr-only">Current position in SBFEN: </span>
          {state.sbfen}
        </p>
      )}
      <div className="mt-3">
        <Switch checked={sound} onCheckedChange={(on) => updateSettings({ sound: on })} label="Sound" />
      </div>
    </Card>
  );
});
