import { LEVEL_NAMES } from '@sbc/game';
import { COLOR_NAMES } from '@sbc/rules';
import { z } from 'zod';

/** Every error the server sends: a status and this body; a refusal of the rules or the game adds its code. */
export const ErrorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The body of a call that takes none (docs/api.md, Conventions): not even `{}`. Fastify hands a
 * validator null for a missing body, so JSON `null`, the same nothing, passes too.
 */
export const NoBody = z.null({ error: 'This call takes no body' });

/** Control characters (C0, DEL and C1); the second leaves out tab and line breaks. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * Refuses control characters in a text field (docs/api.md, Conventions): PostgreSQL cannot store
 * NUL, and none belongs in a name, an id or a search. `lines` keeps tab and line breaks (a paragraph).
 */
export const withoutControls = <T extends z.ZodString>(schema: T, { lines = false } = {}): T =>
  schema.refine((s) => !(lines ? CONTROL_BUT_LINES : CONTROL).test(s), 'Control characters are not allowed');

export const Color = z.enum(COLOR_NAMES);
export type Color = z.infer<typeof Color>;

export const Level = z.enum(LEVEL_NAMES);
export type Level = z.infer<typeof Level>;

export const Square = z.string().regex(/^[a-h][1-8]$/, { error: 'must be a square from a1 to h8' });

// ---- Paging (docs/api.md §1, "Paging") ----

/** Rows in a page of an admin list unless `pageSize` says otherwise. */
export const PAGE_SIZE = 50;
/** The most rows a page may ask for. */
export const PAGE_SIZE_MAX = 100;

/** A query-string number: `?page=2` arrives as the text "2". */
const queryInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

/** `?page=` (from 1) and `?pageSize=` (1 to 100, 50 by default) of every paged list. */
export const PageQuery = z.object({
  page: queryInt('page', 1_000_000).default(1),
  pageSize: queryInt('pageSize', PAGE_SIZE_MAX).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * A row's place in a list ordered by (createdAt, id), newest first: `<createdAt>_<id>`, its
 * createdAt as ISO in milliseconds (as the API writes it, so the row itself is found again).
 */
export type PageCursor = { createdAt: string; id: string };
export const pageCursor = (row: PageCursor): string => `${row.createdAt}_${row.id}`;

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([\w-]{1,100})$/;

/** `?after=` or `?before=`: a `pageCursor`, read back; a real date, else 400. */
const cursorQuery = (name: string) =>
  z.string().transform((text, ctx): PageCursor => {
    const [, createdAt, id] = CURSOR.exec(text) ?? [];
    const time = Date.parse(createdAt ?? '');
    if (id && !Number.isNaN(time) && new Date(time).toISOString() === createdAt) return { createdAt, id };
    ctx.addIssue({ code: 'custom', message: `${name} must be a page cursor: <createdAt>_<id> of a row` });
    return z.NEVER;
  });

/**
 * `PageQuery` plus a cursor: `after` the last row of the page before, or `before` the first row of
 * the page after. `page` stays the number shown; the rows are read next to the cursor, not skipped.
 */
export const CursorPageQuery = PageQuery.extend({
  after: cursorQuery('after').optional(),
  before: cursorQuery('before').optional(),
}).refine((q) => !(q.after && q.before), { message: 'send after or before, not both', path: ['before'] });
export type CursorPageQuery = z.infer<typeof CursorPageQuery>;

/** One page of a list: its rows, where it is, and how many rows the whole list has. */
export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The page answered, from 1. */
    page: z.int().min(1),
    pageSize: z.int().min(1),
    /** Rows in the whole list (after any search). */
    total: z.int().min(0),
    /** At least 1, even for an empty list. */
    totalPages: z.int().min(1),
  });
export type Page<T> = { items: T[]; page: number; pageSize: number; total: number; totalPages: number };
