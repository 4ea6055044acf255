import type { Page, PageQuery } from '@sbc/api';
import { count, desc } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect.ts';

/** The rows to skip before a page (docs/api.md §1, Paging). */
export const offsetOf = (query: PageQuery): number => (query.page - 1) * query.pageSize;

/** One page of a list of `total` rows; a page past the end is empty. */
export function pageOf<T>(query: PageQuery, total: number, items: T[]): Page<T> {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** `%` and `_` in a search are letters, not wildcards. */
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A search as a LIKE pattern of the text anywhere in a value. */
export const contains = (q: string): string => `%${likeText(q)}%`;
/** A search as a LIKE pattern of a value that starts with the text (an index can read it). */
export const startsWith = (q: string): string => `${likeText(q)}%`;

/** A count(*) as a number: PostgreSQL answers a bigint, which node-postgres reads as text. */
export const toCount = (value: unknown): number => Number(value ?? 0);

/** A table listed newest first, its id breaking ties (an index on both keeps it sorted). */
type NewestFirst = PgTable & { createdAt: PgColumn; id: PgColumn };

/** A page of a whole table, newest first, and its row count, read side by side. */
export async function pageNewest<T extends NewestFirst, V>(
  db: Db,
  table: T,
  query: PageQuery,
  view: (row: T['$inferSelect']) => V,
): Promise<Page<V>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(table as PgTable),
  ]);
  return pageOf(query, toCount(total), (rows as T['$inferSelect'][]).map(view));
}
