import type { SeekColor } from '@sbc/api';
import { PRESETS, type TimeControl } from '@sbc/game';
import { type FormEvent, useState } from 'react';
import { Choice } from '../../../components/Choice.tsx';
import { TimeControlPicker } from '../../../components/TimeControlPicker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useLobby } from '../hooks/useLobby.ts';

/** 5+3, lichess's usual first choice. */
const FIRST_CHOICE = PRESETS[5];

/**
 * Create a game: a custom seek with its time control (a clock or correspondence: a stranger is not
 * waited for without one) and the colour the player takes; it waits in the lobby list.
 */
export function CreateGameDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { create } = useLobby();
  const [timeControl, setTimeControl] = useState<TimeControl>(FIRST_CHOICE);
  const [color, setColor] = useState<SeekColor>('random');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const created = await create(timeControl, color);
    setBusy(false);
    if (created) onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a game"
      description="It waits in the lobby until someone accepts it. Casual: no rating is at stake."
      size="md"
    >
      <form className="space-y-4" onSubmit={submit}>
        <TimeControlPicker value={timeControl} onChange={setTimeControl} untimed={false} disabled={busy} />
        <Choice
          legend="Your colour"
          name="color"
          value={color}
          onChange={setColor}
          options={[
            { value: 'white', label: 'White' },
            { value: 'random', label: 'Random' },
            { value: 'black', label: 'Black' },
          ]}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          Create a game
        </Button>
      </form>
    </Dialog>
  );
}
