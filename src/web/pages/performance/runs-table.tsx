import type { PerformanceMetric, PerformanceRun } from '../../../core/api/performance';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';
import { formatMetric, METRIC_SHORT, RATING_TEXT, rateMetric } from './metrics';

const COLUMNS: readonly PerformanceMetric[] = ['performanceScore', 'lcpMs', 'cls', 'tbtMs'];

const REASONS: Record<PerformanceRun['reason'], string> = {
  schedule: 'Scheduled',
  manual: 'Run now',
  deployment: 'Deployment',
};

const STATUSES: Record<PerformanceRun['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
};

/** A metric's cell, flagged when the run broke its budget or regressed on it. */
function MetricCell({ run, metric }: { run: PerformanceRun; metric: PerformanceMetric }) {
  const value = run.metrics?.[metric] ?? null;
  if (value === null) return <td className="px-3 py-2 text-muted">–</td>;
  const rating = rateMetric(metric, value);
  const over = run.violations.some((violation) => violation.metric === metric);
  const regressed = run.regressions.some((regression) => regression.metric === metric);
  return (
    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
      <span className={cn(rating && RATING_TEXT[rating])}>{formatMetric(metric, value)}</span>
      {over ? (
        <span className="ml-1.5 rounded bg-danger-soft px-1 text-xs text-danger">Over budget</span>
      ) : null}
      {regressed ? (
        <span className="ml-1.5 rounded bg-warning/15 px-1 text-xs text-warning">Regression</span>
      ) : null}
    </td>
  );
}

export function RunsTable({ runs }: { runs: readonly PerformanceRun[] }) {
  const timeZone = useTimeZone();
  if (runs.length === 0) return <p className="text-sm text-muted">No runs yet.</p>;
  return (
    <section
      aria-label="Runs, scrollable"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone it scrolls sideways, and a keyboard must reach it to scroll it
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-left text-sm" aria-label="Runs">
        <thead className="text-xs text-muted">
          <tr>
            <th className="px-3 py-2 font-medium">Time</th>
            <th className="px-3 py-2 font-medium">Reason</th>
            <th className="px-3 py-2 font-medium">Status</th>
            {COLUMNS.map((metric) => (
              <th key={metric} className="px-3 py-2 font-medium">
                {METRIC_SHORT[metric]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-border">
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDateTime(run.finishedAt ?? run.startedAt ?? run.queuedAt, timeZone, false)}
              </td>
              <td className="px-3 py-2">{REASONS[run.reason]}</td>
              <td
                className={cn('px-3 py-2', run.status === 'failed' && 'text-danger')}
                title={run.error?.message}
              >
                {STATUSES[run.status]}
                {run.error ? <span className="block text-xs">{run.error.message}</span> : null}
              </td>
              {COLUMNS.map((metric) => (
                <MetricCell key={metric} run={run} metric={metric} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
