import type { AuditAction, AuditEntry } from '@sbc/api';
import { dateTime } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';

const ACTIONS: Record<AuditAction, string> = {
  'user.block': 'Blocked user',
  'user.unblock': 'Unblocked user',
  'user.promote': 'Made admin',
  'user.demote': 'Removed admin',
  'user.tos-violation': 'Marked as violating the terms',
  'user.tos-clear': 'Cleared the terms violation mark',
  'feedback.delete': 'Deleted feedback',
  'maintenance.update': 'Maintenance',
};

/** What an entry did, in words: maintenance says on or off and its message. */
export function auditAction(entry: AuditEntry): string {
  if (entry.action !== 'maintenance.update') return ACTIONS[entry.action];
  const enabled = entry.details?.enabled === true;
  const message = typeof entry.details?.message === 'string' ? `: ${entry.details.message}` : '';
  return `${ACTIONS[entry.action]} ${enabled ? 'on' : 'off'}${message}`;
}

/** The admins' actions, newest first, a page at a time. */
export function AuditLog() {
  return (
    <PagedList<AuditEntry>
      name="audit"
      label="Audit log"
      rowKey={(e) => e.id}
      empty="No admin actions yet."
      columns={[
        { header: 'When', cell: (e) => dateTime(e.createdAt) },
        { header: 'Admin', cell: (e) => e.actorUsername },
        { header: 'Action', cell: (e) => auditAction(e) },
        { header: 'Target', cell: (e) => e.targetLabel ?? '—' },
      ]}
    />
  );
}
