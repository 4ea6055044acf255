import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { errorMessage, type QueryParams } from '../../../lib/http.ts';
import type { AdminList } from '../../../lib/query-keys.ts';
import { useAdminPage } from '../api/admin.ts';

/** One of the panel's lists, paged by the server: its table and the page controls. */
export function PagedList<T>({
  name,
  params,
  pollMs,
  label,
  columns,
  rowKey,
  empty,
  cursor,
  rowHref,
}: {
  name: AdminList;
  params?: QueryParams;
  pollMs?: number;
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: string;
  /** A row's page cursor, for a list the server reads next to one (docs/api.md §4). */
  cursor?: (row: T) => string;
  /** Where a click on a row goes. */
  rowHref?: (row: T) => string;
}) {
  const [at, setAt] = useState<QueryParams>({ page: 1 });
  const { data, error, isPending } = useAdminPage<T>(name, { ...params, ...at }, pollMs);
  if (isPending) return <p className="text-sm text-slate-500">Loading...</p>;
  if (!data)
    return (
      <p className="text-sm text-red-600">
        {label} could not be loaded: {errorMessage(error, 'please try again.')}
      </p>
    );
  // Next starts after the page's last row, Previous before its first; the first page is read from
  // the top, as when the tab opens: it costs nothing, and rows made since belong on it. A page
  // further away is found by its number.
  const turn = (page: number) => {
    const row = page > data.page ? data.items.at(-1) : data.items[0];
    if (!cursor || !row || page === 1 || Math.abs(page - data.page) !== 1) setAt({ page });
    else setAt({ page, [page > data.page ? 'after' : 'before']: cursor(row) });
  };
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={data.items}
        rowKey={rowKey}
        rowHref={rowHref}
        empty={empty}
      />
      <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={turn} />
    </>
  );
}
