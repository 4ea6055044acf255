import { RATING_RANGE_MAX, type RatingRange, type SeekColor } from '@sbc/api';
import { PRESETS, type TimeControl } from '@sbc/game';
import { type FormEvent, useState } from 'react';
import { Choice } from '../../../components/Choice.tsx';
import { TimeControlPicker } from '../../../components/TimeControlPicker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useSession } from '../../auth/index.ts';
import { useLobby } from '../hooks/useLobby.ts';

/** 5+3, lichess's usual first choice. */
const FIRST_CHOICE = PRESETS[5];

/** The steps of a rating range's sides, below and above the player's rating; 'any' leaves it open. */
const OFFSETS = [100, 200, 300, 500, RATING_RANGE_MAX] as const;
type Offset = (typeof OFFSETS)[number] | 'any';

/**
 * The range sent: none when both sides are open; one open side goes as far as the server allows
 * (RATING_RANGE_MAX), the widest a range may be.
 */
const rangeOf = (below: Offset, above: Offset): RatingRange | null =>
  below === 'any' && above === 'any'
    ? null
    : {
        below: below === 'any' ? RATING_RANGE_MAX : below,
        above: above === 'any' ? RATING_RANGE_MAX : above,
      };

function OffsetSelect({
  label,
  sign,
  value,
  onChange,
}: {
  label: string;
  sign: '−' | '+';
  value: Offset;
  onChange: (o: Offset) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value === 'any' ? 'any' : (Number(e.target.value) as Offset))}
      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
    >
      <option value="any">Any</option>
      {OFFSETS.map((o) => (
        <option key={o} value={o}>
          {sign}
          {o}
        </option>
      ))}
    </select>
  );
}

/**
 * Create a game: a custom seek with its time control (a clock or correspondence: a stranger is not
 * waited for without one) and the colour the player takes; a signed-in player also chooses Rated
 * or Casual (casual first) and the range of ratings of the opponents it takes, as lichess's form
 * does (a guest plays casual games with anyone). It waits in the lobby list.
 */
export function CreateGameDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { create } = useLobby();
  const { user } = useSession();
  const [timeControl, setTimeControl] = useState<TimeControl>(FIRST_CHOICE);
  const [color, setColor] = useState<SeekColor>('random');
  const [rated, setRated] = useState(false);
  const [below, setBelow] = useState<Offset>('any');
  const [above, setAbove] = useState<Offset>('any');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const created = await create(
      user ? { timeControl, color, rated, ratingRange: rangeOf(below, above) } : { timeControl, color },
    );
    setBusy(false);
    if (created) onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a game"
      description={
        user
          ? 'It waits in the lobby until someone accepts it.'
          : 'It waits in the lobby until someone accepts it. Casual: no rating is at stake.'
      }
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
        {user && (
          <>
            <Choice
              legend="Mode"
              name="rated"
              value={rated ? 'rated' : 'casual'}
              onChange={(m) => setRated(m === 'rated')}
              options={[
                { value: 'casual', label: 'Casual' },
                { value: 'rated', label: 'Rated' },
              ]}
            />
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Opponent's rating</legend>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <OffsetSelect label="Below your rating" sign="−" value={below} onChange={setBelow} />
                <span>your rating</span>
                <OffsetSelect label="Above your rating" sign="+" value={above} onChange={setAbove} />
              </div>
            </fieldset>
          </>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          Create a game
        </Button>
      </form>
    </Dialog>
  );
}
