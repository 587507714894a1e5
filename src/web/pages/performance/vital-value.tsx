import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import {
  HIGHER_IS_BETTER,
  type PerformanceMetric,
  type PerformanceSite,
} from '../../../core/api/performance';
import { cn } from '../../lib/cn';
import { formatMetric, METRIC_SHORT, metricLabel, RATING_LABELS, RATING_TEXT, rateMetric } from './metrics';

type Trend = PerformanceSite['trend'][PerformanceMetric];

const TREND_TEXT = {
  better: 'better than the run before',
  worse: 'worse than the run before',
  same: 'same as the run before',
};

/** An arrow in the direction the value moved, green when that is better and red when worse. */
function TrendArrow({ metric, trend }: { metric: PerformanceMetric; trend: Trend }) {
  if (!trend) return null;
  if (trend === 'same') return <Minus className="size-3.5 text-muted" aria-label={TREND_TEXT.same} />;
  const rose = (trend === 'better') === HIGHER_IS_BETTER.has(metric);
  const Icon = rose ? ArrowUp : ArrowDown;
  return (
    <Icon
      className={cn('size-3.5', trend === 'better' ? 'text-accent' : 'text-danger')}
      aria-label={TREND_TEXT[trend]}
      role="img"
    />
  );
}

/** One vital: its short name, value coloured by Google's rating, and its trend. */
export function VitalValue({
  metric,
  value,
  trend = null,
}: {
  metric: PerformanceMetric;
  value: number | null;
  trend?: Trend;
}) {
  const rating = value === null ? null : rateMetric(metric, value);
  const text = value === null ? '–' : formatMetric(metric, value);
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted">
        <abbr title={metricLabel(metric)} className="no-underline">
          {METRIC_SHORT[metric]}
        </abbr>
      </dt>
      <dd className="flex items-center gap-1">
        <span className={cn('font-semibold tabular-nums', rating ? RATING_TEXT[rating] : 'text-fg')}>
          {text}
        </span>
        <TrendArrow metric={metric} trend={trend} />
      </dd>
      {rating ? <dd className={cn('text-[11px]', RATING_TEXT[rating])}>{RATING_LABELS[rating]}</dd> : null}
    </div>
  );
}
