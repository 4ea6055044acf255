import type { AdminStats } from '@sbc/api';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/plural.ts';
import { useAdminStats } from '../api/admin.ts';
import { totals } from '../lib/format.ts';

interface Stat {
  label: string;
  value: ReactNode;
  detail: string;
  warn?: boolean;
}

/** The six cards as docs/architecture.md §6 lists them, from one answer of GET /api/admin/stats. */
export function statCards(s: AdminStats): Stat[] {
  return [
    { label: 'Total Users', value: s.totalUsers, detail: 'Registered accounts' },
    { label: 'Online Users', value: s.onlineUsers, detail: 'Active in the last 5 minutes' },
    { label: 'Playing Now', value: s.playingUsers, detail: 'In an active game' },
    { label: 'Total Games', value: s.totalGames, detail: `${s.activeGames} active` },
    {
      label: 'Total Sponsorships',
      value: totals(s.sponsorshipsByCurrency),
      detail: plural(s.sponsorshipCount, 'sponsorship'),
    },
    {
      label: 'System Status',
      value: s.maintenanceMode ? 'Maintenance' : 'Online',
      detail: s.maintenanceMode ? 'New games are paused' : 'All systems running',
      warn: s.maintenanceMode,
    },
  ];
}

export function StatCards() {
  const { data, isError } = useAdminStats();
  if (isError) return <p className="text-sm text-red-600">The statistics could not be loaded.</p>;
  if (!data) return <p className="text-sm text-slate-500">Loading statistics...</p>;
  return (
    <ul aria-label="Statistics" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {statCards(data).map((s) => (
        <li
          key={s.label}
          aria-label={s.label}
          className={cn(
            'rounded-xl border bg-white p-3 shadow-sm sm:p-4',
            s.warn ? 'border-amber-400 bg-amber-50' : 'border-slate-200',
          )}
        >
          <p className="text-xs font-medium text-slate-600 sm:text-sm">{s.label}</p>
          <p className="mt-1 text-xl font-bold break-words whitespace-pre-line text-slate-900 sm:text-2xl">
            {s.value}
          </p>
          <p className="mt-1 text-xs text-slate-500">{s.detail}</p>
        </li>
      ))}
    </ul>
  );
}
