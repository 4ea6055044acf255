import { useMaintenance } from '../api/maintenance.ts';

/**
 * Above every page while maintenance is on, for everyone but admins (whom it does not stop, and
 * whose panel shows it): new games and rooms are refused meanwhile (docs/api.md §6).
 */
export function MaintenanceBanner({ forAdmin }: { forAdmin: boolean }) {
  const message = useMaintenance(!forAdmin);
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
