import type { AdminFeedback, AdminFeedbackPage, FeedbackThread, PageQuery } from '@sbc/api';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { pageNewest } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { feedback } from '../../db/schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

/** The public list shows this many threads, newest first, each with all its replies. */
export const THREAD_LIMIT = 100;
/** Levels of replies the public list reads; replies deeper still are not shown (nor refused). */
const MAX_DEPTH = 32;

const isPublic = (row: FeedbackRow) => (row.isPublic ? 1 : 0) as 1 | 0;

export const adminFeedbackView = (row: FeedbackRow): AdminFeedback => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  isPublic: isPublic(row),
  createdAt: row.createdAt.toISOString(),
  parentId: row.parentId,
});

const threadView = (row: FeedbackRow): FeedbackThread => ({
  id: row.id,
  name: row.name,
  message: row.message,
  isPublic: isPublic(row),
  createdAt: row.createdAt.toISOString(),
  parentId: row.parentId,
  replies: [],
});

export async function findFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1);
  return row;
}

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  return row;
}

/**
 * The newest public threads with their replies, oldest reply first: one query per level of
 * replies, each on the parent index (a thread is a few levels deep).
 */
export async function publicThreads(db: Db): Promise<FeedbackThread[]> {
  const roots = await db
    .select()
    .from(feedback)
    .where(and(isNull(feedback.parentId), eq(feedback.isPublic, true)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(THREAD_LIMIT);
  const threads = roots.map(threadView);
  let level = threads;
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    const byId = new Map(level.map((t) => [t.id, t]));
    const replies = await db
      .select()
      .from(feedback)
      .where(and(inArray(feedback.parentId, [...byId.keys()]), eq(feedback.isPublic, true)))
      .orderBy(feedback.createdAt, feedback.id);
    level = replies.map((row) => {
      const reply = threadView(row);
      byId.get(row.parentId as string)?.replies.push(reply);
      return reply;
    });
  }
  return threads;
}

/** Every feedback and reply, newest first, as the admin sees it. */
export async function listFeedback(db: Db, query: PageQuery): Promise<AdminFeedbackPage> {
  return pageNewest(db, feedback, query, adminFeedbackView);
}

/** Deletes a feedback and, by the foreign key, its replies; answers the row deleted, if any. */
export async function deleteFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.delete(feedback).where(eq(feedback.id, id)).returning();
  return row;
}
