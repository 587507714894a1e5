import type { FieldReport } from '../../../../core/api/field';
import { FIELD_METRICS, type FieldMetric } from '../../../../core/api/field-vitals';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import {
  FIELD_RATING_LABELS,
  FIELD_RATING_TEXT,
  FIELD_SHORT,
  type FieldMetrics,
  fieldLabel,
  formatFieldValue,
  ratingOf,
} from './field-format';
import { RatingBar } from './rating-bar';

function VitalTile({ metrics, metric }: { metrics: FieldMetrics; metric: FieldMetric }) {
  const summary = metrics[metric];
  const rating = ratingOf(metrics, metric);
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-ui border border-border p-3">
      <dt className="flex items-baseline justify-between gap-2 text-xs text-muted">
        <abbr title={fieldLabel(metric)} className="font-medium no-underline" aria-hidden>
          {FIELD_SHORT[metric]}
        </abbr>
        <span className="sr-only">{fieldLabel(metric)}, 75th percentile</span>
        <span className="truncate" aria-hidden>
          p75
        </span>
      </dt>
      <dd className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn(
            'text-2xl font-semibold tabular-nums',
            rating ? FIELD_RATING_TEXT[rating] : 'text-muted',
          )}
        >
          {summary.p75 === null ? '–' : formatFieldValue(metric, summary.p75)}
        </span>
        <span className={cn('text-xs', rating ? FIELD_RATING_TEXT[rating] : 'text-muted')}>
          {rating ? FIELD_RATING_LABELS[rating] : metric === 'inp' ? 'No interactions yet' : 'No data'}
        </span>
      </dd>
      <dd className="flex flex-col gap-1">
        <RatingBar summary={summary} />
        <span className="text-[11px] text-muted">
          {formatCount(summary.count, 'page view', 'page views')}
        </span>
      </dd>
    </div>
  );
}

/** The five vitals' p75 over the range, each with its good / needs improvement / poor split. */
export function VitalTiles({ report }: { report: FieldReport }) {
  return (
    <dl
      aria-label="Field vitals at the 75th percentile"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {FIELD_METRICS.map((metric) => (
        <VitalTile key={metric} metrics={report.metrics} metric={metric} />
      ))}
    </dl>
  );
}
