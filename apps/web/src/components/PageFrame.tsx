import type { ReactNode } from 'react';

/**
 * The frame of every page: the page, at least as tall as the screen, then the footer. The footer so
 * starts below the first screen and does not move into view while the page loads.
 */
export function PageFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="bg-slate-50 text-slate-900">
      <div className="flex min-h-dvh flex-col">{children}</div>
      {footer}
    </div>
  );
}
