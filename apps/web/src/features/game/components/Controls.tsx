import type { ServerGameState } from '@sbc/api';
import { memo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { useSoundSetting } from '../hooks/useSounds.ts';
import { ConfirmDialog } from './GameDialogs.tsx';
import { moveRows } from './Panels.tsx';

/**
 * Undo, Redo, Draw and Resign (docs/architecture.md §6): Undo and Redo follow the rules' stacks
 * and never online; Draw and Resign only while the status is active. Both ends ask first.
 */
export function GameControls({
  state,
  disabled,
  onUndo,
  onRedo,
  onDraw,
  onResign,
}: {
  state: ServerGameState;
  /** A call or the computer's turn is under way. */
  disabled: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDraw: () => void;
  onResign: () => void;
}) {
  const [confirm, setConfirm] = useState<'draw' | 'resign' | null>(null);
  const online = state.mode === 'online';
  const active = state.gameStatus === 'active';
  const resigner = state.mode === 'computer' ? 'You' : state.currentPlayer === 'white' ? 'White' : 'Black';
  return (
    <Card title="Game Controls">
      <div className="grid grid-cols-2 gap-2">
        <TooltipProvider>
          <Tooltip content="Take back the last move">
            <Button variant="outline" disabled={disabled || online || !state.canUndo} onClick={onUndo}>
              Undo
            </Button>
          </Tooltip>
          <Tooltip content="Play the move you took back again">
            <Button variant="outline" disabled={disabled || online || !state.canRedo} onClick={onRedo}>
              Redo
            </Button>
          </Tooltip>
        </TooltipProvider>
        <Button variant="secondary" disabled={disabled || !active} onClick={() => setConfirm('draw')}>
          Draw
        </Button>
        <Button variant="destructive" disabled={disabled || !active} onClick={() => setConfirm('resign')}>
          Resign
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'draw'}
        title="Declare a draw?"
        description="The game ends at once as a draw by agreement."
        confirmLabel="Declare Draw"
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
    .map((r) => `${r.n}. ${r.white}${r.black === '...' && r.white !== '...' ? '' : ` ${r.black}`}`)
    .join(' ');
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: `${what} copied to the clipboard.` });
  } catch {
    toast({ title: 'Copy failed', description: text, variant: 'destructive' });
  }
}

export const ExportPanel = memo(function ExportPanel({
  state,
  onFlip,
}: {
  state: ServerGameState;
  onFlip: () => void;
}) {
  const { muted, setMuted } = useSoundSetting();
  return (
    <Card title="Board & Export">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={state.moveHistory.length === 0}
          onClick={() => void copy(moveListText(state), 'Move list')}
        >
          Copy Move List
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!state.sbfen}
          onClick={() => state.sbfen && void copy(state.sbfen, 'SBFEN')}
        >
          Copy SBFEN
        </Button>
        <Button variant="outline" size="sm" onClick={onFlip}>
          Flip Board
        </Button>
      </div>
      {state.sbfen && (
        <p className="mt-2 font-mono text-xs break-all text-slate-500">
          <span className="sr-only">Current position in SBFEN: </span>
          {state.sbfen}
        </p>
      )}
      <div className="mt-3">
        <Switch checked={!muted} onCheckedChange={(on) => setMuted(!on)} label="Sound" />
      </div>
    </Card>
  );
});
