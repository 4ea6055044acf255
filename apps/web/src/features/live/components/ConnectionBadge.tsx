import { cn } from '../../../lib/cn.ts';

/** Connected or Disconnected: whether the socket is open. */
export function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-semibold',
        connected ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-700',
      )}
    >
      {connected ? 'Connected' : 'Disconnected'}
    </span>
  );
}
