import type { ReactNode } from 'react';

/** An inline card (below the sign-in tabs, in Settings): a titled region with a short explanation. */
export function InlineCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-xl border border-amber-200 bg-amber-50/60 p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}
