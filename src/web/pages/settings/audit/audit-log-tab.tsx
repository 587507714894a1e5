import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTIONS_WITHOUT_OBJECT,
  AUDIT_RESOURCE_LABELS,
  AUDIT_RESOURCE_TYPES,
  type AuditEvent,
  type AuditResourceType,
} from '../../../../core/api/audit';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Label, NativeSelect } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { type AuditFilters, auditQueryOptions } from '../../../lib/audit';
import { formatDateTime } from '../../../lib/format';
import { membersQueryOptions } from '../../../lib/members';
import { useTimeZone } from '../../../lib/use-time-zone';

const DAY_MS = 86_400_000;
const PERIODS = [
  { value: '', label: 'All time' },
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
] as const;

function EventRow({ event, timeZone }: { event: AuditEvent; timeZone: string }) {
  const { actor, resource } = event;
  const phrase = AUDIT_ACTIONS[event.action];
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <time
        className="shrink-0 text-sm text-muted tabular-nums sm:w-44"
        dateTime={new Date(event.at).toISOString()}
      >
        {formatDateTime(event.at, timeZone, false)}
      </time>
      <p className="min-w-0 flex-1">
        <span className="font-medium">{actor.name}</span>
        {actor.apiKey ? (
          <span className="text-muted"> with API key {actor.apiKey.name ?? 'removed'}</span>
        ) : null}{' '}
        {phrase}
        {resource.name && !AUDIT_ACTIONS_WITHOUT_OBJECT.has(event.action) ? (
          <>
            {' '}
            <span className="font-medium">{resource.name}</span>
          </>
        ) : null}
      </p>
      <span className="shrink-0 font-mono text-xs text-muted">{event.address ?? ''}</span>
    </li>
  );
}

/** Settings → Audit log: who changed what in the workspace, newest first, with filters. */
export function AuditLogTab() {
  const timeZone = useTimeZone();
  const [actor, setActor] = useState('');
  const [resourceType, setResourceType] = useState<AuditResourceType | ''>('');
  const [days, setDays] = useState('');
  // Fixed when the period is chosen, so the query key (and the list) stays put while reading.
  const [since, setSince] = useState<number | undefined>(undefined);
  const filters: AuditFilters = {
    actor: actor || undefined,
    resourceType: resourceType || undefined,
    since,
  };
  const members = useQuery(membersQueryOptions);
  const log = useInfiniteQuery(auditQueryOptions(filters));
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Every change in this workspace: who made it, when, and from which address. Kept as long as your plan
          keeps incidents.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Field>
            <Label htmlFor="audit-actor">Who</Label>
            <NativeSelect id="audit-actor" value={actor} onChange={(e) => setActor(e.target.value)}>
              <option value="">Everyone</option>
              {members.data?.members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field>
            <Label htmlFor="audit-resource">What</Label>
            <NativeSelect
              id="audit-resource"
              value={resourceType}
              onChange={(e) => setResourceType(e.target.value as AuditResourceType | '')}
            >
              <option value="">Everything</option>
              {AUDIT_RESOURCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AUDIT_RESOURCE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field>
            <Label htmlFor="audit-period">When</Label>
            <NativeSelect
              id="audit-period"
              value={days}
              onChange={(e) => {
                setDays(e.target.value);
                setSince(e.target.value ? Date.now() - Number(e.target.value) * DAY_MS : undefined);
              }}
            >
              {PERIODS.map((period) => (
                <option key={period.value} value={period.value}>
                  {period.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        {log.isPending ? (
          <PageSpinner />
        ) : log.isError ? (
          <FormError>{`We couldn't load the audit log. ${log.error.message}`}</FormError>
        ) : events.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No changes match these filters.</p>
        ) : (
          <ul aria-label="Audit events" className="divide-y divide-border">
            {events.map((event) => (
              <EventRow key={event.id} event={event} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {log.hasNextPage ? (
          <Button
            variant="secondary"
            className="self-center"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
