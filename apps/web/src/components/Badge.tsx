import { capitalize } from '@sbc/game';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

const TONES = {
  green: 'bg-emerald-100 text-emerald-800',
  violet: 'bg-violet-100 text-violet-800',
  slate: 'bg-slate-200 text-slate-800',
  sky: 'bg-sky-100 text-sky-800',
  red: 'bg-red-100 text-red-800',
  amber: 'bg-amber-100 text-amber-900',
};
export type Tone = keyof typeof TONES;

/** A small coloured label: a status, a role. */
export function Badge({ tone = 'slate', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

const GAME_STATUS_TONES: Record<string, Tone> = {
  active: 'green',
  check: 'green',
  checkmate: 'violet',
  stalemate: 'slate',
  draw: 'sky',
  resigned: 'red',
  abandoned: 'amber',
  outoftime: 'red',
  aborted: 'slate',
};

/** The statuses whose name is not the status capitalized. */
const STATUS_LABELS: Record<string, string> = { outoftime: 'Out of time' };

/** A game's status as the screen names it: 'Checkmate', 'Out of time'. */
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? capitalize(status);

/** A game's status, each in its own colour (the history and the admin's games). */
export const GameStatusBadge = ({ status }: { status: string }) => (
  <Badge tone={GAME_STATUS_TONES[status]}>{statusLabel(status)}</Badge>
);
