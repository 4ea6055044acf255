import type { MaintenanceResponse } from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An open page asks again every 60 s, as the admin's stats (docs/architecture.md §7). */
export const MAINTENANCE_POLL_MS = 60_000;

/**
 * The maintenance message while it is on, else null; off when the server cannot say. The call needs
 * no session, so a 401 here never signs anyone out.
 */
export function useMaintenance(enabled: boolean) {
  const { data } = useQuery<MaintenanceResponse | null>({
    queryKey: queryKeys.maintenance,
    queryFn: getQueryFn<MaintenanceResponse>({ on401: 'returnNull' }),
    enabled,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
  return enabled && data?.maintenanceMode ? data.message : null;
}
