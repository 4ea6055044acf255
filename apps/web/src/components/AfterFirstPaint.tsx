import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children in a commit of their own once the page around them has painted: content
 * below the fold and closed dialogs, so that the first paint (and its largest text) waits for
 * less work, and no one task builds the whole page (docs/benchmarks.md, Lighthouse).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
