import { type ReactNode, Suspense, useState } from 'react';

/**
 * A dialog loaded on demand (React.lazy), rendered from the first time it opens on: a page whose
 * dialogs stay closed (most visits) neither loads nor renders them (Radix, the forms), and one
 * opened again keeps what was chosen in it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
