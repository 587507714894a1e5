import { useState } from 'react';
import { USAGE_RANGES, type UsageRange } from '../../../billing/api-types';
import { useAnalytics } from '../../../billing/use-analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime, formatDay } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';

// Only performance runs are usage events; monitors and sites are counts, shown by the meters.
const FEATURE = 'performance_runs';

const RANGE_LABELS: Record<UsageRange, string> = {
  '24h': '24h',
  '7d': '7d',
  '30d': '30d',
  '90d': '90d',
  last_cycle: 'Last cycle',
};

type Row = { period: number } & Record<string, number>;

function UsageBars({ rows, hourly }: { rows: Row[]; hourly: boolean }) {
  const timeZone = useTimeZone();
  const max = Math.max(1, ...rows.map((row) => row[FEATURE] ?? 0));
  const total = rows.reduce((sum, row) => sum + (row[FEATURE] ?? 0), 0);
  return (
    <figure>
      <ol aria-label="Performance runs per period" className="flex h-32 items-end gap-px sm:gap-0.5">
        {rows.map((row) => {
          const value = row[FEATURE] ?? 0;
          const when = hourly ? formatDateTime(row.period, timeZone, false) : formatDay(row.period, timeZone);
          const label = `${when}: ${formatCount(value, 'run', 'runs')}`;
          return (
            <li key={row.period} className="flex h-full min-w-0 flex-1 items-end" title={label}>
              <span
                role="img"
                aria-label={label}
                className={cn('block w-full rounded-t-[2px]', value > 0 ? 'bg-accent' : 'bg-muted/20')}
                style={{ height: value > 0 ? `${Math.max(4, (value / max) * 100)}%` : '2px' }}
              />
            </li>
          );
        })}
      </ol>
      <figcaption className="mt-2 text-sm text-muted">
        {formatCount(total, 'performance run', 'performance runs')} in this range
      </figcaption>
    </figure>
  );
}

export function UsageChartCard() {
  const [range, setRange] = useState<UsageRange>('30d');
  const { data, isLoading, error } = useAnalytics({ featureId: FEATURE, range });
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Usage over time</CardTitle>
          <CardDescription>Performance runs, from your billing usage events.</CardDescription>
        </div>
        <fieldset className="flex rounded-ui border border-border p-0.5">
          <legend className="sr-only">Range</legend>
          {USAGE_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              onClick={() => setRange(option)}
              className={cn(
                'cursor-pointer rounded-[calc(var(--radius-ui)-2px)] px-2.5 py-1 text-xs font-medium',
                range === option ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg',
              )}
            >
              {RANGE_LABELS[option]}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {`We couldn't load your usage. ${error.message}`}
          </p>
        ) : isLoading ? (
          <Spinner />
        ) : data?.some((row) => (row[FEATURE] ?? 0) > 0) ? (
          <UsageBars rows={data} hourly={range === '24h'} />
        ) : (
          <p className="py-8 text-center text-sm text-muted">No performance runs in this range.</p>
        )}
      </CardContent>
    </Card>
  );
}
