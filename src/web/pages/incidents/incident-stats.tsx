import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { formatDuration, formatNumber } from '../../lib/format';
import { incidentStatsQueryOptions } from '../../lib/incidents';

const WINDOWS = [30, 90] as const;

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-ui border border-border bg-bg p-4">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-xs text-muted">{hint}</dd>
    </div>
  );
}

/** Downtime, incident count, MTTR and MTBF of one monitor over the last 30 or 90 days. */
export function IncidentStatsPanel({ monitorId }: { monitorId: string }) {
  const [days, setDays] = useState<30 | 90>(30);
  const stats = useQuery(incidentStatsQueryOptions(monitorId, days));
  const data = stats.data;
  const mean = (ms: number | null | undefined) => (ms == null ? '—' : formatDuration(ms));

  return (
    <section aria-label="Incident figures" className="mb-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold tracking-tight">Reliability</h2>
        <fieldset className="inline-flex rounded-ui border border-border p-0.5">
          <legend className="sr-only">Window</legend>
          {WINDOWS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={days === value}
              onClick={() => setDays(value)}
              className={cn(
                'cursor-pointer rounded-[calc(var(--radius-ui)-2px)] px-3 py-1 text-sm font-medium text-muted',
                days === value && 'bg-surface text-fg',
              )}
            >
              {value} days
            </button>
          ))}
        </fieldset>
      </div>
      {stats.isError ? (
        <FormError>{`We couldn't load the figures. ${stats.error.message}`}</FormError>
      ) : (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure
            label="Downtime"
            value={data ? formatDuration(data.downtimeMs) : '—'}
            hint="Time down, maintenance left out"
          />
          <Figure
            label="Outages"
            value={data ? formatNumber(data.incidentCount) : '—'}
            hint={`In the last ${days} days`}
          />
          <Figure label="MTTR" value={mean(data?.mttrMs)} hint="Mean time to recovery" />
          <Figure label="MTBF" value={mean(data?.mtbfMs)} hint="Mean time between failures" />
        </dl>
      )}
    </section>
  );
}
