import type { MaintenanceResponse } from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An open page asks again every 60 s, as the admin's stats (docs/architecture.md §7). */
export const MAINTENANCE_POLL_MS = 60_000;

/** Whether maintenance is on, and its message; off when the server cannot say. */
export function useMaintenance(enabled: boolean) {
  const { data } = useQuery<MaintenanceResponse>({
    queryKey: queryKeys.maintenance,
    enabled,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
  return enabled && data?.maintenanceMode ? data.message : null;
}
