import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

// The dialog loads when a player first opens it.
const BoardSettingsDialog = lazy(() =>
  import('./BoardSettingsDialog.tsx').then((m) => ({ default: m.BoardSettingsDialog })),
);

/** The gear that opens the board settings. */
export function BoardSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label="Board settings"
        title="Board settings"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
          {[0, 45, 90, 135].map((angle) => (
            <rect
              key={angle}
              x="10"
              y="1.5"
              width="4"
              height="21"
              rx="1"
              transform={`rotate(${angle} 12 12)`}
            />
          ))}
          <circle cx="12" cy="12" r="7.5" />
          <circle cx="12" cy="12" r="3" fill="white" />
        </svg>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BoardSettingsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
