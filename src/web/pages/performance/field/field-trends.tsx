import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldRange, FieldReport } from '../../../../core/api/field';
import { FIELD_METRICS, type FieldMetric } from '../../../../core/api/field-vitals';
import { FormError } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { fieldReportQueryOptions } from '../../../lib/field';
import { FieldCard } from './field-card';
import { FieldChart, type FieldPoint } from './field-chart';
import { RANGE_WORDS } from './range-picker';
import { useFieldMarkers } from './use-field-markers';

const HALF_DAY_MS = 43_200_000;

/** A day group's key is its UTC date; its point sits at that day's noon, within the range. */
function pointsOf(report: FieldReport | undefined, metric: FieldMetric): FieldPoint[] {
  if (!report) return [];
  return report.groups.flatMap((group) => {
    const p75 = group.metrics[metric].p75;
    if (p75 === null) return [];
    const noon = Date.parse(`${group.key}T00:00:00Z`) + HALF_DAY_MS;
    return [{ at: Math.min(Math.max(noon, report.from), report.to) / 1000, value: p75 }];
  });
}

/** Each vital's p75 per day over the range, with the linked monitor's deployments marked. */
export function FieldTrends({
  siteId,
  monitorId,
  range,
}: {
  siteId: string;
  monitorId: string | null;
  range: FieldRange;
}) {
  const days = useQuery(fieldReportQueryOptions(siteId, range, 'day'));
  const markers = useFieldMarkers(monitorId, days.data?.from);
  const series = useMemo(
    () => FIELD_METRICS.map((metric) => ({ metric, points: pointsOf(days.data, metric) })),
    [days.data],
  );
  return (
    <FieldCard title="Trends" description="The 75th percentile of each day's page views.">
      {days.isPending ? (
        <Spinner />
      ) : days.isError ? (
        <FormError>{`We couldn't load the trends. ${days.error.message}`}</FormError>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {series.map(({ metric, points }) => (
            <FieldChart
              key={metric}
              metric={metric}
              points={points}
              from={days.data.from}
              to={days.data.to}
              markers={markers}
              caption={`by day over the ${RANGE_WORDS[range]}`}
            />
          ))}
        </div>
      )}
    </FieldCard>
  );
}
