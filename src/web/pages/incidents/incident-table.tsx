import { Link } from '@tanstack/react-router';
import type { IncidentSummary } from '../../../core/api/incidents';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useTimeZone } from '../../lib/use-time-zone';
import { AcknowledgeButton } from './acknowledge-button';
import { FlappingBadge, IncidentStatusBadge, SeverityBadge } from './incident-badges';

/** Until resolved, or until now while open: an open incident's duration keeps counting. */
export function incidentDuration(incident: IncidentSummary, now: number): number {
  return incident.resolvedAt === null ? Math.max(0, now - incident.startedAt) : incident.durationMs;
}

function IncidentRow({ incident, now }: { incident: IncidentSummary; now: number }) {
  const timeZone = useTimeZone();
  const open = incident.resolvedAt === null;
  const duration = formatDuration(incidentDuration(incident, now));
  return (
    <tr className="hover:bg-surface/60 [&>td]:px-3 [&>td]:py-3 sm:[&>td]:px-4">
      <td className="hidden sm:table-cell">
        <IncidentStatusBadge status={incident.status} />
      </td>
      <td className="max-w-0 min-w-28 w-full sm:min-w-40">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to="/dashboard/incidents/$id"
            params={{ id: incident.id }}
            className="truncate font-medium hover:underline"
          >
            {incident.title}
          </Link>
          {incident.flapping ? <FlappingBadge /> : null}
        </div>
        <p className="truncate text-xs text-muted">
          {incident.primaryMonitor ? incident.primaryMonitor.name : 'Manual incident'}
          {incident.relatedMonitorCount > 1 ? ` · ${incident.relatedMonitorCount} monitors` : ''}
        </p>
        {/* Below 640 px the status, severity and duration columns fold into this cell, so the
            row keeps Acknowledge on screen. */}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs sm:hidden">
          <IncidentStatusBadge status={incident.status} />
          <SeverityBadge severity={incident.severity} />
          <span className="tabular-nums">
            {duration}
            {open ? <span className="sr-only"> so far</span> : null}
          </span>
        </div>
      </td>
      <td className="hidden sm:table-cell">
        <SeverityBadge severity={incident.severity} />
      </td>
      <td className="hidden whitespace-nowrap text-muted md:table-cell">
        {formatDateTime(incident.startedAt, timeZone, false)}
      </td>
      <td className="hidden whitespace-nowrap tabular-nums sm:table-cell">
        {duration}
        {open ? <span className="sr-only"> so far</span> : null}
      </td>
      <td className="text-right whitespace-nowrap">
        <AcknowledgeButton incident={incident} size="sm" />
      </td>
    </tr>
  );
}

export function IncidentTable({
  incidents,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  incidents: IncidentSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const now = useNow(1000);
  return (
    <>
      {/* Relative: the cells' screen-reader text (absolutely placed) scrolls with the table, not the page. */}
      <Card className="relative overflow-x-auto">
        <table className="w-full text-sm" aria-label="Incidents">
          <thead className="border-b border-border bg-surface text-left text-xs tracking-wide text-muted uppercase">
            <tr className="[&>th]:px-3 [&>th]:py-2 [&>th]:font-medium sm:[&>th]:px-4">
              <th scope="col" className="hidden sm:table-cell">
                Status
              </th>
              <th scope="col">Incident</th>
              <th scope="col" className="hidden sm:table-cell">
                Severity
              </th>
              <th scope="col" className="hidden md:table-cell">
                Started
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Duration
              </th>
              <th scope="col">
                <span className="sr-only">Acknowledge</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {incidents.map((incident) => (
              <IncidentRow key={incident.id} incident={incident} now={now} />
            ))}
          </tbody>
        </table>
      </Card>
      {hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
