import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Incident } from '../../../core/api/incidents';
import { FeatureGate } from '../../components/feature-gate';
import { StatusBadge } from '../../components/monitors/status';
import { WriteFieldset } from '../../components/role-lock';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { NativeSelect } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { incidentPath } from '../../lib/incidents';
import { useIncidentWrite } from './use-incident-write';
import { useMonitorChoices } from './use-monitor-choices';
import { useRouteIncident } from './use-route-incident';

function AddMonitor({
  linked,
  onAdd,
  busy,
}: {
  linked: Set<string>;
  onAdd: (id: string) => void;
  busy: boolean;
}) {
  const [chosen, setChosen] = useState('');
  const data = useMonitorChoices();
  const candidates = (data ?? []).filter((monitor) => !linked.has(monitor.id));
  if (candidates.length === 0)
    return <p className="text-sm text-muted">Every monitor is already linked to this incident.</p>;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <NativeSelect
        aria-label="Monitor to add"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className="sm:w-72"
      >
        <option value="">Choose a monitor…</option>
        {candidates.map((monitor) => (
          <option key={monitor.id} value={monitor.id}>
            {monitor.name}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="secondary"
        disabled={!chosen || busy}
        onClick={() => {
          onAdd(chosen);
          setChosen('');
        }}
      >
        Add monitor
      </Button>
    </div>
  );
}

function RelatedMonitors() {
  const incident = useRouteIncident();
  const save = useIncidentWrite(
    incident.id,
    (monitorIds: string[]) => apiSend<Incident>('PUT', incidentPath(incident.id, 'monitors'), { monitorIds }),
    'Related monitors saved.',
  );
  const ids = incident.monitors.map((monitor) => monitor.id);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Related Monitors</CardTitle>
        <CardDescription>
          Monitors this incident affects. An automatic incident keeps the monitor whose outage opened it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WriteFieldset className="flex flex-col gap-4">
          {incident.monitors.length === 0 ? (
            <p className="text-sm text-muted">No monitors are linked yet.</p>
          ) : (
            <ul
              aria-label="Related monitors"
              className="divide-y divide-border rounded-ui border border-border"
            >
              {incident.monitors.map((monitor) => (
                <li key={monitor.id} className="flex items-center gap-3 px-4 py-2.5">
                  <StatusBadge status={monitor.status} />
                  <div className="min-w-0 flex-1">
                    <Link
                      to="/dashboard/monitors/$id"
                      params={{ id: monitor.id }}
                      className="block truncate text-sm font-medium hover:underline"
                    >
                      {monitor.name}
                    </Link>
                    <p className="truncate font-mono text-xs text-muted">{monitor.url}</p>
                  </div>
                  {monitor.primary ? (
                    <span className="text-xs text-muted">Opened the incident</span>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={save.isPending}
                      onClick={() => save.mutate(ids.filter((id) => id !== monitor.id))}
                    >
                      Remove<span className="sr-only"> {monitor.name}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <AddMonitor linked={new Set(ids)} busy={save.isPending} onAdd={(id) => save.mutate([...ids, id])} />
        </WriteFieldset>
      </CardContent>
    </Card>
  );
}

export function RelatedMonitorsTab() {
  return (
    <FeatureGate gate="monitorIncidents">
      <RelatedMonitors />
    </FeatureGate>
  );
}
