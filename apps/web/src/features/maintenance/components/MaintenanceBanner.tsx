import { useMaintenance } from '../api/maintenance.ts';

/**
 * Above every page while maintenance is on, for players: no new game starts meanwhile
 * (docs/api.md §6), shown or taken down as the switch is pushed. Not for admins, whom it does not
 * stop and whose panel shows it.
 */
export function MaintenanceBanner({ forPlayer, signedIn }: { forPlayer: boolean; signedIn: boolean }) {
  const message = useMaintenance(forPlayer, signedIn);
  if (!message) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <strong className="font-semibold">System Maintenance:</strong>{' '}
      <span className="whitespace-pre-line">{message}</span>
    </div>
  );
}
