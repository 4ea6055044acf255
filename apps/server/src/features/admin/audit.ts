import { AdminPageQuery, type AuditAction, type AuditEntry, type AuditPage, type PageQuery } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { pageNewest } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { adminAudit } from '../../db/schema.ts';

const entryView = (row: typeof adminAudit.$inferSelect): AuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  actorId: row.actorId,
  actorUsername: row.actorUsername,
  action: row.action as AuditAction,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  details: (row.details as Record<string, unknown> | null) ?? null,
});

export async function listAudit(db: Db, query: PageQuery): Promise<AuditPage> {
  return pageNewest(db, adminAudit, query, entryView);
}

/** `GET /api/admin/audit`: the admins' actions, newest first. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  app.get<{ Querystring: PageQuery }>(
    '/api/admin/audit',
    { schema: { querystring: AdminPageQuery } },
    async (request): Promise<AuditPage> => listAudit(db, request.query),
  );
}
