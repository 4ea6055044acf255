import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of a static text page: a back link, a title, an optional date line and sections. */
export function StaticPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  updated?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/" className="text-sm font-medium text-amber-700 hover:underline">
        ← Back to home
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      {updated && <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>}
      {intro && <div className="mt-4 text-lg text-slate-700">{intro}</div>}
      <div className="prose-sbc mt-8 space-y-8">{children}</div>
    </main>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}
