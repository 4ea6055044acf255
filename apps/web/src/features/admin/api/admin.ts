import type {
  AdminStats,
  AdminSystem,
  BlockUserRequest,
  MaintenanceRequest,
  MaintenanceResponse,
  MessageResponse,
  Page,
  TosViolationRequest,
} from '@sbc/api';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryParams } from '../../../lib/http.ts';
import { type AdminList, queryKeys } from '../../../lib/query-keys.ts';

/** The stat cards ask every 60 s, the online and playing lists every 30 s (docs/architecture.md §7). */
export const STATS_POLL_MS = 60_000;
export const ACTIVITY_POLL_MS = 30_000;

export const useAdminStats = () =>
  useQuery<AdminStats>({ queryKey: queryKeys.admin.stats, refetchInterval: STATS_POLL_MS });

/** Asked afresh each time the Settings tab opens, so that its uptime is current. */
export const useAdminSystem = () =>
  useQuery<AdminSystem>({ queryKey: queryKeys.admin.system, refetchOnMount: 'always' });

/**
 * A page of an admin list, asked afresh each time its tab opens; the page shown stays while the
 * next one loads.
 */
export const useAdminPage = <T>(name: AdminList, params: QueryParams, pollMs?: number) =>
  useQuery<Page<T>>({
    queryKey: queryKeys.admin.list(name, params),
    refetchOnMount: 'always',
    refetchInterval: pollMs ?? false,
    placeholderData: keepPreviousData,
  });

export const adminApi = {
  block: (body: BlockUserRequest) => apiRequest<MessageResponse>('POST', '/api/admin/users/block', body),
  tosViolation: (body: TosViolationRequest) =>
    apiRequest<MessageResponse>('POST', '/api/admin/users/tos-violation', body),
  deleteFeedback: (id: string) =>
    apiRequest<unknown>('DELETE', `/api/admin/feedback/${encodeURIComponent(id)}`),
  maintenance: (body: MaintenanceRequest) =>
    apiRequest<MaintenanceResponse>('POST', '/api/admin/maintenance', body),
};

/** After an admin action: the lists and counts it changed, and the audit log that now records it. */
export function refreshAfter(client: QueryClient, ...lists: AdminList[]): void {
  for (const name of [...lists, 'audit' as const])
    void client.invalidateQueries({ queryKey: queryKeys.admin.list(name) });
  void client.invalidateQueries({ queryKey: queryKeys.admin.stats });
}
