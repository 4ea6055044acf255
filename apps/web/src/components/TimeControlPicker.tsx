import {
  CORRESPONDENCE_DAYS,
  capitalize,
  formatTimeControl,
  INCREMENT_MAX_SECONDS,
  INITIAL_MINUTES,
  PRESETS,
  speedOf,
  type TimeControl,
  UNTIMED,
} from '@sbc/game';
import { useId, useState } from 'react';
import { timeControlLabel } from '../lib/clock.ts';
import { cn } from '../lib/cn.ts';

const INCREMENTS = Array.from({ length: INCREMENT_MAX_SECONDS + 1 }, (_, i) => i);
const minutesLabel = (m: number) =>
  formatTimeControl({ kind: 'clock', minutes: m, increment: 0 }).slice(0, -2);
const same = (a: TimeControl, b: TimeControl) => JSON.stringify(a) === JSON.stringify(b);

type Kind = 'preset' | 'custom' | 'correspondence' | 'untimed';
const kindOf = (tc: TimeControl): Kind =>
  tc.kind === 'clock' ? (PRESETS.some((p) => same(p, tc)) ? 'preset' : 'custom') : tc.kind;

const TILE =
  'flex flex-col items-center justify-center rounded-md border px-2 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed disabled:opacity-50';
const tile = (on: boolean) =>
  cn(
    TILE,
    on
      ? 'border-amber-600 bg-amber-50 text-amber-900'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  );
const SELECT =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';

/**
 * A time control: lichess's eleven presets, a custom clock (initial minutes and increment),
 * correspondence (days per move) or, unless `untimed` is false (a lobby game), untimed, each a
 * pressed button; the custom clock and the days open their own choices.
 */
export function TimeControlPicker({
  value,
  onChange,
  disabled,
  untimed = true,
}: {
  value: TimeControl;
  onChange: (tc: TimeControl) => void;
  disabled?: boolean;
  untimed?: boolean;
}) {
  const id = useId();
  // A custom clock that happens to equal a preset stays 'Custom' while it is being chosen.
  const [custom, setCustom] = useState(() => kindOf(value) === 'custom');
  const kind = custom && value.kind === 'clock' ? 'custom' : kindOf(value);
  const clock = value.kind === 'clock' ? value : { kind: 'clock' as const, minutes: 5, increment: 3 };
  const pick = (tc: TimeControl, isCustom = false) => {
    setCustom(isCustom);
    onChange(tc);
  };
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-700">Time control</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {PRESETS.map((p) => {
          const on = kind === 'preset' && same(p, value);
          return (
            <button
              key={formatTimeControl(p)}
              type="button"
              aria-pressed={on}
              className={tile(on)}
              onClick={() => pick(p)}
            >
              {formatTimeControl(p)}
              <span className="text-xs font-normal text-slate-500">{capitalize(speedOf(p) ?? '')}</span>
            </button>
          );
        })}
      </div>
      {/* 'Correspondence' takes its own width: a third of a phone's is too narrow for it. */}
      <div className={cn('mt-2 grid gap-2', untimed ? 'grid-cols-[1fr_auto_1fr]' : 'grid-cols-2')}>
        <button
          type="button"
          aria-pressed={kind === 'custom'}
          className={tile(kind === 'custom')}
          onClick={() => pick(clock, true)}
        >
          Custom
        </button>
        <button
          type="button"
          aria-pressed={kind === 'correspondence'}
          className={tile(kind === 'correspondence')}
          onClick={() => pick(value.kind === 'correspondence' ? value : { kind: 'correspondence', days: 3 })}
        >
          Correspondence
        </button>
        {untimed && (
          <button
            type="button"
            aria-pressed={kind === 'untimed'}
            className={tile(kind === 'untimed')}
            onClick={() => pick(UNTIMED)}
          >
            Untimed
          </button>
        )}
      </div>
      {kind === 'custom' && value.kind === 'clock' && (
        <div className="mt-3 flex flex-wrap gap-4">
          <label htmlFor={`${id}-minutes`} className="flex items-center gap-2 text-sm text-slate-700">
            Minutes per side
            <select
              id={`${id}-minutes`}
              className={SELECT}
              value={value.minutes}
              onChange={(e) => pick({ ...value, minutes: Number(e.target.value) }, true)}
            >
              {INITIAL_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {minutesLabel(m)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-increment`} className="flex items-center gap-2 text-sm text-slate-700">
            Increment in seconds
            <select
              id={`${id}-increment`}
              className={SELECT}
              value={value.increment}
              onChange={(e) => pick({ ...value, increment: Number(e.target.value) }, true)}
            >
              {INCREMENTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {value.kind === 'correspondence' && (
        <label htmlFor={`${id}-days`} className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          Days per move
          <select
            id={`${id}-days`}
            className={SELECT}
            value={value.days}
            onChange={(e) => pick({ kind: 'correspondence', days: Number(e.target.value) })}
          >
            {CORRESPONDENCE_DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      )}
      {value.kind !== 'untimed' && (
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          {timeControlLabel(value)}
        </p>
      )}
    </fieldset>
  );
}
