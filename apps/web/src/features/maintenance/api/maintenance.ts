import type { MaintenanceResponse } from '@sbc/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getQueryFn } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { knownGuest, listenToNotices } from '../../live/index.ts';

/**
 * The fallback: an open page asks again every 60 s, for when no socket brings the switch (a
 * visitor who is nobody yet, a push lost with Redis) (docs/architecture.md §7).
 */
export const MAINTENANCE_POLL_MS = 60_000;

/**
 * The maintenance message while it is on, else null; off when the server cannot say. The call needs
 * no session, so a 401 here never signs anyone out. The switch itself comes over the page's socket
 * (a light one when the page has none and `signedIn` or a known guest lets it connect), and is
 * asked for again whenever a socket opens, as it may have changed while none was open.
 */
export function useMaintenance(enabled: boolean, signedIn: boolean) {
  const client = useQueryClient();
  const { data } = useQuery<MaintenanceResponse | null>({
    queryKey: queryKeys.maintenance,
    queryFn: getQueryFn<MaintenanceResponse>({ on401: 'returnNull' }),
    enabled,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
  const connect = signedIn || knownGuest() !== null;
  useEffect(() => {
    if (!enabled) return;
    return listenToNotices(
      {
        onNotice: ({ maintenanceMode, message }) =>
          client.setQueryData<MaintenanceResponse>(queryKeys.maintenance, { maintenanceMode, message }),
        onOpen: () => void client.invalidateQueries({ queryKey: queryKeys.maintenance }),
      },
      connect,
    );
  }, [client, enabled, connect]);
  return enabled && data?.maintenanceMode ? data.message : null;
}
