import type { Page } from '@sbc/api';
import { type FormEvent, useId, useState } from 'react';
import type { QueryParams } from '../lib/http.ts';
import { Button } from './ui/button.tsx';

/**
 * The query of page `page` from `shown`: Next starts after its last row, Previous before its first,
 * when the list is read next to a `cursor` (docs/api.md §4); the first page is read from the top,
 * which costs nothing and shows the rows made since; a page further away is found by its number.
 */
export function pageQuery<T>(shown: Page<T>, page: number, cursor?: (row: T) => string): QueryParams {
  const row = page > shown.page ? shown.items.at(-1) : shown.items[0];
  if (!cursor || !row || page === 1 || Math.abs(page - shown.page) !== 1) return { page };
  return { page, [page > shown.page ? 'after' : 'before']: cursor(row) };
}

/** The page number typed in "Go to page", or null when it is not a page of the list. */
export function pageNumber(text: string, totalPages: number): number | null {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= 1 && n <= totalPages ? n : null;
}

/** Goes straight to a page: 600 pages are too many to walk with Next. */
function PageJump({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const n = pageNumber(String(new FormData(e.currentTarget).get('page') ?? ''), totalPages);
    if (n === null) return setError(`Enter a page from 1 to ${totalPages}`);
    setError(null);
    if (n !== page) onPage(n);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-slate-600">
        Go to page
      </label>
      <input
        id={id}
        name="page"
        inputMode="numeric"
        // A new page shows its own number.
        key={page}
        defaultValue={page}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-8 w-20 rounded-md border border-slate-300 px-2 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
      />
      <Button type="submit" size="sm" variant="outline">
        Go
      </Button>
      {error && (
        <span id={`${id}-error`} role="alert" className="w-full text-xs text-red-600">
          {error}
        </span>
      )}
    </form>
  );
}

/** Previous and Next through a list the server pages, and a page to go to; hidden when it has one page. */
export function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-slate-600">
        Page {page} of {totalPages} · {total} in all
      </span>
      <PageJump page={page} totalPages={totalPages} onPage={onPage} />
      <span className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
