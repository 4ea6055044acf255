import type { Page, PageQuery } from '@sbc/api';

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

/** A count(*) as a number: PostgreSQL answers a bigint, which node-postgres reads as text. */
export const toCount = (value: unknown): number => Number(value ?? 0);
