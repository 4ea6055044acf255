import { FeedbackRequest, type FeedbackThread } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../errors.ts';
import { addressLimit } from '../accounts/limits.ts';
import { findFeedback, insertFeedback, publicThreads } from './store.ts';

/** Whether a failed write broke a foreign key, whether the driver wraps the error or not. */
function foreignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

export const PARENT_NOT_FOUND = 'The feedback you are replying to does not exist';

/** Community feedback (docs/api.md §8): open to visitors, read and posted without signing in. */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { db } = services.database;

  app.get('/api/feedback/with-replies', async (): Promise<FeedbackThread[]> => publicThreads(db));

  app.post<{ Body: z.output<typeof FeedbackRequest> }>(
    '/api/feedback',
    { schema: { body: FeedbackRequest }, config: addressLimit(app, 'feedback') },
    async (request, reply): Promise<FeedbackThread> => {
      const { name, email, message, parentId } = request.body;
      if (parentId && !(await findFeedback(db, parentId))) throw notFound(PARENT_NOT_FOUND);
      const row = await insertFeedback(db, {
        name,
        email: email ?? null,
        message,
        isPublic: true,
        parentId: parentId ?? null,
        createdAt: services.now(),
      }).catch((error) => {
        // The parent was deleted since it was found.
        throw foreignKeyViolation(error) ? notFound(PARENT_NOT_FOUND) : error;
      });
      reply.status(201);
      return {
        id: row.id,
        name: row.name,
        message: row.message,
        isPublic: 1,
        createdAt: row.createdAt.toISOString(),
        parentId: row.parentId,
        replies: [],
      };
    },
  );
}
