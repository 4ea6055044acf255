/** A small spinner beside 'Searching for an opponent...' while a seek of the player's is open. */
export function Searching({ className }: { className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className ?? ''}`}>
      <span
        aria-hidden="true"
        className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-amber-600"
      />
      Searching for an opponent...
    </span>
  );
}
