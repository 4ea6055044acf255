import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({
  title,
  children,
  className,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm', className)}>
      {title && <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>}
      {children}
    </section>
  );
}

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-amber-600" />
      <span>{label}</span>
    </div>
  );
}
