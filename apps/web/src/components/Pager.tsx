import type { Page } from '@sbc/api';
import type { QueryParams } from '../lib/http.ts';
import { Button } from './ui/button.tsx';

/**
 * The query of page `page` from `shown`: Next starts after its last row, Previous before its first,
 * when the list is read next to a `cursor` (docs/api.md §4); the first page is read from the top,
 * which costs nothing and shows the rows made since.
 */
export function pageQuery<T>(shown: Page<T>, page: number, cursor?: (row: T) => string): QueryParams {
  const row = page > shown.page ? shown.items.at(-1) : shown.items[0];
  if (!cursor || !row || page === 1) return { page };
  return { page, [page > shown.page ? 'after' : 'before']: cursor(row) };
}

/** Previous and Next through a list the server pages; hidden when it has one page. */
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
