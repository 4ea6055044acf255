import { Switch } from '../../../components/ui/switch.tsx';
import { useAdminStats } from '../api/admin.ts';
import { useSaveMaintenance } from '../hooks/useSaveMaintenance.ts';

/** The header's switch: sends at once, keeping the message; put back if the server refuses. */
export function MaintenanceSwitch() {
  const { data } = useAdminStats();
  const save = useSaveMaintenance();
  return (
    <Switch
      label="Maintenance Mode"
      checked={data?.maintenanceMode ?? false}
      disabled={!data || save.isPending}
      onCheckedChange={(enabled) => save.mutate({ enabled, message: data?.maintenanceMessage })}
    />
  );
}
