import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Pager, pageQuery } from '../../../components/Pager.tsx';
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
      <Pager
        page={data.page}
        totalPages={data.totalPages}
        total={data.total}
        onPage={(page) => setAt(pageQuery(data, page, cursor))}
      />
    </>
  );
}
