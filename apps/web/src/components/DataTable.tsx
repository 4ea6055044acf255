import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../lib/cn.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

const ROW =
  'block rounded-lg border border-slate-200 p-2 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0';

/**
 * A row that opens `href` wherever it is clicked. Its link (a cell's) is the way in for the
 * keyboard and a new tab; a click on that link or any other control inside is left to it.
 */
function LinkedRow({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  const open = (e: MouseEvent<HTMLTableRowElement>) => {
    if ((e.target as Element).closest('a, button, input, select, textarea')) return;
    navigate(href);
  };
  return (
    <tr onClick={open} className={cn(ROW, 'cursor-pointer hover:bg-amber-50')}>
      {children}
    </tr>
  );
}

/**
 * A table that becomes a list of cards below 640 px: each cell then shows its column's name before
 * it, so that a phone needs no sideways scrolling.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowHref,
  empty,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Where a click on a row goes (see LinkedRow). */
  rowHref?: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <table aria-label={label} className="block w-full text-sm sm:table">
      <thead className="hidden border-b border-slate-200 text-left text-slate-600 sm:table-header-group">
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className="px-3 py-2 font-medium">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
        {rows.map((row) => {
          const cells = columns.map((c) => (
            <td
              key={c.header}
              data-label={c.header}
              className={cn(
                // On a phone the value sits right of its column's name; long words (emails) wrap anywhere.
                'flex min-w-0 items-start justify-between gap-4 px-1 py-1 text-right wrap-anywhere sm:table-cell sm:px-3 sm:py-2 sm:text-left sm:align-middle',
                'before:shrink-0 before:font-medium before:text-slate-500 before:content-[attr(data-label)] sm:before:content-none',
                c.className,
              )}
            >
              {c.cell(row)}
            </td>
          ));
          return rowHref ? (
            <LinkedRow key={rowKey(row)} href={rowHref(row)}>
              {cells}
            </LinkedRow>
          ) : (
            <tr key={rowKey(row)} className={ROW}>
              {cells}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
