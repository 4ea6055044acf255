import { capitalize, LEVEL_NAMES, type Level, type TimeControl, UNTIMED } from '@sbc/game';
import { type ColorName, parseSbfen } from '@sbc/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Choice } from '../../../components/Choice.tsx';
import { TimeControlPicker } from '../../../components/TimeControlPicker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { HttpError, isUnauthorized } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { createGame } from '../api/games.ts';

type Mode = 'human' | 'computer';

/**
 * Start New Game: mode (human by default), colour (white), difficulty (medium), a time control
 * (untimed), optional SBFEN.
 */
export function NewGameDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [mode, setMode] = useState<Mode>('human');
  const [color, setColor] = useState<ColorName>('white');
  const [level, setLevel] = useState<Level>('medium');
  const [timeControl, setTimeControl] = useState<TimeControl>(UNTIMED);
  const [fen, setFen] = useState('');
  const [fenError, setFenError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createGame,
    onSuccess: (game) => {
      toast({ title: 'Game Created', description: 'Redirecting to your new game...' });
      onOpenChange(false);
      navigate(`/game/${game.id}`);
    },
    onError: (e) => {
      if (isUnauthorized(e)) return;
      const body = e instanceof HttpError ? e.json : null;
      if (e instanceof HttpError && e.status === 503 && body?.maintenanceMode) {
        const message =
          typeof body.message === 'string'
            ? body.message
            : 'The system is currently under maintenance. Please try again later.';
        toast({ title: 'System Maintenance', description: message, variant: 'destructive' });
        // The banner shows it at once, without waiting for its next poll.
        queryClient.setQueryData(queryKeys.maintenance, { maintenanceMode: true, message });
        return;
      }
      toast({
        title: 'Error',
        description: typeof body?.message === 'string' ? body.message : 'Failed to create new game',
        variant: 'destructive',
      });
    },
  });
  const submit = () => {
    const text = fen.trim();
    if (text) {
      const parsed = parseSbfen(text);
      if (!parsed.ok) {
        setFenError(`Invalid SBFEN: ${parsed.error.message}`);
        return;
      }
    }
    setFenError(null);
    create.mutate({
      isComputerGame: mode === 'computer',
      humanPlayer: color,
      aiDifficulty: level,
      timeControl,
      ...(text ? { fen: text } : {}),
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start New Game"
      description="Choose how you want to play."
      size="md"
    >
      {create.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-8 text-slate-600">
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-amber-600" />
          Setting up your game...
        </div>
      ) : (
        <div className="space-y-4">
          <Choice
            legend="Game mode"
            name="mode"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'human', label: 'Two players (this screen)' },
              { value: 'computer', label: 'Against the computer' },
            ]}
          />
          {mode === 'computer' && (
            <>
              <Choice
                legend="Your colour"
                name="color"
                value={color}
                onChange={setColor}
                options={[
                  { value: 'white', label: 'White (moves first)' },
                  { value: 'black', label: 'Black' },
                ]}
              />
              <Choice
                legend="Difficulty"
                name="level"
                value={level}
                onChange={setLevel}
                options={LEVEL_NAMES.map((l) => ({ value: l, label: capitalize(l) }))}
              />
            </>
          )}
          <TimeControlPicker value={timeControl} onChange={setTimeControl} />
          <div className="space-y-1">
            <label htmlFor="start-sbfen" className="block text-sm font-medium text-slate-700">
              Starting position <span className="font-normal text-slate-400">(optional, SBFEN)</span>
            </label>
            <input
              id="start-sbfen"
              value={fen}
              onChange={(e) => setFen(e.target.value)}
              placeholder="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
              aria-invalid={fenError ? true : undefined}
              aria-describedby={fenError ? 'start-sbfen-error' : undefined}
              className="h-10 w-full rounded-md border border-slate-300 px-3 font-mono text-xs focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
            />
            {fenError && (
              <p id="start-sbfen-error" className="text-sm text-red-600">
                {fenError}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={submit}>Start Game</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
