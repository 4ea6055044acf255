import { AdminPageQuery, FeedbackIdParams, type MessageResponse, NoBody, type PageQuery } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../common/audit.ts';
import { notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { deleteFeedback, listFeedback } from '../feedback/store.ts';

/** A feedback's label in the audit log: its author and its first words. */
const label = (name: string, message: string) =>
  `${name}: ${message.length > 60 ? `${message.slice(0, 60)}…` : message}`;

/** `GET /api/admin/feedback` (every feedback, replies too, private ones too) and its deletion. */
export async function feedbackAdminRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { db } = services.database;

  app.get<{ Querystring: PageQuery }>(
    '/api/admin/feedback',
    { schema: { querystring: AdminPageQuery } },
    async (request) => listFeedback(db, request.query),
  );

  app.delete<{ Params: z.output<typeof FeedbackIdParams> }>(
    '/api/admin/feedback/:id',
    { schema: { params: FeedbackIdParams, body: NoBody } },
    async (request): Promise<MessageResponse> => {
      const admin = requireAdmin(request);
      await db.transaction(async (tx) => {
        const row = await deleteFeedback(tx, request.params.id);
        if (!row) throw notFound('Feedback not found');
        await recordAudit(
          tx,
          admin,
          'feedback.delete',
          { id: row.id, label: label(row.name, row.message) },
          { name: row.name, email: row.email, message: row.message, parentId: row.parentId },
          services.now(),
        );
      });
      return { message: 'Feedback deleted' };
    },
  );
}
