import type { AuditAction } from '@sbc/api';
import type { Db } from '../db/connect.ts';
import { adminAudit } from '../db/schema.ts';

export interface AuditTarget {
  id: string;
  label: string;
}

/**
 * Records what an admin did, from whichever feature or command made the change (the admin's Audit
 * tab reads it, features/admin/audit.ts). Called with the transaction of the change itself, so that a change
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
