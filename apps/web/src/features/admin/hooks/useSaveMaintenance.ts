import type { AdminStats, MaintenanceRequest } from '@sbc/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminApi, refreshAfter } from '../api/admin.ts';

/**
 * Turns maintenance on or off (and sets its message). The stats, which the header's switch and the
 * System Status card show, change at once; a refusal puts them back as they were.
 */
export function useSaveMaintenance() {
  const client = useQueryClient();
  const key = queryKeys.admin.stats;
  return useMutation({
    mutationFn: adminApi.maintenance,
    onMutate: async ({ enabled, message }: MaintenanceRequest) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<AdminStats>(key);
      if (before)
        client.setQueryData<AdminStats>(key, {
          ...before,
          maintenanceMode: enabled,
          maintenanceMessage: message ?? before.maintenanceMessage,
        });
      return { before };
    },
    onError: (e, _body, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to update maintenance mode.'),
        variant: 'destructive',
      });
    },
    onSuccess: (answer) => {
      toast({
        title: 'Maintenance Mode Updated',
        description: answer.maintenanceMode ? 'Maintenance mode is on.' : 'Maintenance mode is off.',
      });
      client.setQueryData(queryKeys.maintenance, answer);
      refreshAfter(client);
    },
  });
}
