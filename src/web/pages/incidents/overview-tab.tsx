import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { INCIDENT_STATUS_LABELS } from '../../../core/api/incidents';
import { StatusBadge } from '../../components/monitors/status';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useTimeZone } from '../../lib/use-time-zone';
import { IncidentActions } from './incident-actions';
import { IncidentStatusBadge, SeverityBadge } from './incident-badges';
import { IncidentDeployments } from './incident-deployments';
import { incidentDuration } from './incident-table';
import { useRouteIncident } from './use-route-incident';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm">{children}</dd>
    </div>
  );
}

export function OverviewTab() {
  const incident = useRouteIncident();
  const timeZone = useTimeZone();
  const now = useNow(1000);
  const at = (time: number | null, none: string) => (time === null ? none : formatDateTime(time, timeZone));
  const update = incident.latestUpdate;

  return (
    <div className="flex flex-col gap-6">
      <Card role="region" aria-label="Incident summary">
        <CardContent>
          <dl className="grid grid-cols-2 gap-5 lg:grid-cols-3">
            <Fact label="Status">
              <IncidentStatusBadge status={incident.status} />
            </Fact>
            <Fact label="Severity">
              <SeverityBadge severity={incident.severity} />
            </Fact>
            <Fact label="Duration">
              <span className="tabular-nums">{formatDuration(incidentDuration(incident, now))}</span>
              {incident.resolvedAt === null ? <span className="text-muted"> and counting</span> : null}
            </Fact>
            <Fact label="Started">{at(incident.startedAt, '—')}</Fact>
            <Fact label="Acknowledged">
              {at(incident.acknowledgedAt, 'Not yet')}
              {incident.acknowledgement?.label ? (
                <span className="block text-muted">by {incident.acknowledgement.label}</span>
              ) : null}
            </Fact>
            <Fact label="Resolved">{at(incident.resolvedAt, 'Not yet')}</Fact>
            {incident.escalation ? (
              <Fact label="Escalation">
                {incident.escalation.policy ? `“${incident.escalation.policy.name}”` : 'A deleted policy'}
                <span className="block text-muted">
                  {incident.escalation.nextAt === null
                    ? `${incident.escalation.round} ${incident.escalation.round === 1 ? 'step' : 'steps'} fired; stopped`
                    : `Next step ${formatDateTime(incident.escalation.nextAt, timeZone)} unless acknowledged`}
                </span>
              </Fact>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <IncidentDeployments incident={incident} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Affected monitors</CardTitle>
          </CardHeader>
          <CardContent>
            {incident.monitors.length === 0 ? (
              <p className="text-sm text-muted">No monitors are linked to this incident.</p>
            ) : (
              <ul aria-label="Affected monitors" className="flex flex-col gap-2">
                {incident.monitors.map((monitor) => (
                  <li key={monitor.id} className="flex items-center justify-between gap-3 text-sm">
                    <Link
                      to="/dashboard/monitors/$id"
                      params={{ id: monitor.id }}
                      className="min-w-0 truncate font-medium hover:underline"
                    >
                      {monitor.name}
                    </Link>
                    <StatusBadge status={monitor.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Latest update</CardTitle>
          </CardHeader>
          <CardContent>
            {update ? (
              <figure aria-label="Latest update">
                <blockquote className="text-sm whitespace-pre-wrap">{update.message}</blockquote>
                <figcaption className="mt-2 text-xs text-muted">
                  {INCIDENT_STATUS_LABELS[update.status]} · {update.author?.name ?? 'Upwatch'} ·{' '}
                  {formatDateTime(update.createdAt, timeZone, false)}
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-muted">No updates posted yet.</p>
            )}
          </CardContent>
        </Card>
      </div>
      <IncidentActions incident={incident} />
    </div>
  );
}
