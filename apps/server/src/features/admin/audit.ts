import { AdminPageQuery, type AuditAction, type AuditEntry, type AuditPage, type PageQuery } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { adminAudit } from '../../db/schema.ts';
import { pageNewest } from './paging.ts';

export interface AuditTarget {
  id: string;
  label: string;
}

/**
 * Records what an admin did. Called with the transaction of the change itself, so that a change
 * and its record are stored together or not at all.
 */
export async function recordAudit(
  db: Db,
  actor: { id: string | null; username: string },
  action: AuditAction,
  target: AuditTarget | null,
  details: Record<string, unknown> | null,
  now: Date,
): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actorUsername: actor.username,
    action,
    targetId: target?.id ?? null,
    targetLabel: target?.label ?? null,
    details,
    createdAt: now,
  });
}

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
