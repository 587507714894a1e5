import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { IncidentEvent } from '../../../core/api/incidents';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { incidentTimelineQueryOptions } from '../../lib/incidents';
import { useTimeZone } from '../../lib/use-time-zone';
import { IncidentDeployments } from './incident-deployments';
import { useRouteIncident } from './use-route-incident';

type Tone = 'danger' | 'good' | 'warn' | 'plain';

const TONE: Partial<Record<IncidentEvent['kind'], Tone>> = {
  detected: 'danger',
  confirmed: 'danger',
  alert_failed: 'danger',
  reopened: 'danger',
  flapping: 'warn',
  escalated: 'warn',
  acknowledged: 'good',
  recovered: 'good',
  resolved: 'good',
};

const DOT: Record<Tone, string> = {
  danger: 'bg-danger',
  good: 'bg-accent',
  warn: 'bg-warning',
  plain: 'bg-muted',
};

export function TimelineTab() {
  const incident = useRouteIncident();
  const timeZone = useTimeZone();
  const timeline = useQuery(incidentTimelineQueryOptions(incident.id));

  if (timeline.isPending) return <PageSpinner />;
  if (timeline.isError)
    return <FormError>{`We couldn't load the timeline. ${timeline.error.message}`}</FormError>;
  if (timeline.data.events.length === 0)
    return (
      <EmptyState icon={Clock} title="No timeline events">
        Every state change and alert is recorded here.
      </EmptyState>
    );
  return (
    <Card>
      <IncidentDeployments incident={incident} className="mx-5 mt-4 sm:mx-6" />
      <ol aria-label="Timeline" className="flex flex-col px-5 py-4 sm:px-6">
        {timeline.data.events.map((event) => (
          <li key={event.id} className="relative flex gap-4 pb-5 last:pb-0">
            <span
              aria-hidden
              className="absolute top-4 bottom-0 left-[5px] w-px bg-border [li:last-child>&]:hidden"
            />
            <span
              aria-hidden
              className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', DOT[TONE[event.kind] ?? 'plain'])}
            />
            <div className="min-w-0">
              <p className="text-sm break-words whitespace-pre-wrap">{event.message}</p>
              <p className="mt-0.5 text-xs text-muted">
                <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at, timeZone)}</time>
                {event.actor ? ` · ${event.actor.name}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
