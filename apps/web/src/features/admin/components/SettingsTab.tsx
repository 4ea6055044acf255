import { type AdminStats, MaintenanceRequest } from '@sbc/api';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { type Errors, Field, issues } from '../../../components/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useAdminStats, useAdminSystem } from '../api/admin.ts';
import { useSaveMaintenance } from '../hooks/useSaveMaintenance.ts';
import { bytes, duration } from '../lib/format.ts';
import { AuditLog } from './AuditLog.tsx';

/** Maintenance on or off and its message, sent together by Save Changes. */
function MaintenanceSettings({ stats }: { stats: AdminStats }) {
  const [enabled, setEnabled] = useState(stats.maintenanceMode);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveMaintenance();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const message = String(new FormData(e.currentTarget).get('message') ?? '');
    const parsed = MaintenanceRequest.safeParse({ enabled, message });
    if (!parsed.success) return setErrors(issues(parsed.error));
    setErrors({});
    // An empty message is the server's default one.
    save.mutate({ enabled, message: parsed.data.message || undefined });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Switch
        // Says the state it shows, as the System Status card does.
        label={enabled ? 'Maintenance mode on' : 'Maintenance mode off'}
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <Field
        id="maintenance-message"
        name="message"
        label="Maintenance message"
        rows={3}
        defaultValue={stats.maintenanceMessage}
        error={errors.message}
      />
      <Button type="submit" disabled={save.isPending}>
        Save Changes
      </Button>
    </form>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </>
  );
}

function SystemInfo() {
  const { data, isError } = useAdminSystem();
  if (isError) return <p className="text-sm text-red-600">The system information could not be loaded.</p>;
  if (!data) return <p className="text-sm text-slate-500">Loading...</p>;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
      <Info label="Server">
        <Badge tone="green">Online</Badge>
      </Info>
      <Info label="Database">
        {data.database.connected ? (
          <Badge tone="green">Connected</Badge>
        ) : (
          <Badge tone="red">Disconnected</Badge>
        )}
      </Info>
      <Info label="Database engine">{data.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}</Info>
      <Info label="Storage">{bytes(data.database.sizeBytes)}</Info>
      <Info label="Uptime">{duration(data.uptimeSeconds)}</Info>
      <Info label="Node.js">{data.nodeVersion}</Info>
    </dl>
  );
}

/** Settings: maintenance, the system's state, and the audit log of admin actions. */
export function SettingsTab() {
  const { data: stats } = useAdminStats();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Maintenance">
          {stats ? (
            // Starts again from the server's values whenever they change (the header's switch).
            <MaintenanceSettings key={`${stats.maintenanceMode}:${stats.maintenanceMessage}`} stats={stats} />
          ) : (
            <p className="text-sm text-slate-500">Loading...</p>
          )}
        </Card>
        <Card title="System Information">
          <SystemInfo />
        </Card>
      </div>
      <Card title="Audit Log">
        <AuditLog />
      </Card>
    </div>
  );
}
