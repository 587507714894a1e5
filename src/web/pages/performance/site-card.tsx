import { Link } from '@tanstack/react-router';
import { DEVICE_PROFILE_LABELS, type PerformanceSite } from '../../../core/api/performance';
import { Card, CardContent } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';
import { BudgetBadge } from './budget-badge';
import { VITALS } from './metrics';
import { RunFailure } from './run-failure';
import { RunNow } from './run-now';
import { ScoreGauge } from './score-gauge';
import { VitalValue } from './vital-value';

function RunTimes({ site }: { site: PerformanceSite }) {
  const timeZone = useTimeZone();
  const last = site.lastRun?.finishedAt ?? null;
  return (
    <p className="text-xs text-muted">
      {last === null ? 'Not run yet' : `Last run ${formatDateTime(last, timeZone, false)}`}
      {site.nextRunAt === null ? null : ` · Next run ${formatDateTime(site.nextRunAt, timeZone, false)}`}
    </p>
  );
}

/** A site on the dashboard: score, vitals with trends, schedule, budget status and 'Run now'. */
export function SiteCard({ site }: { site: PerformanceSite }) {
  const metrics = site.lastRun?.status === 'succeeded' ? site.lastRun.metrics : null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start gap-4">
          <ScoreGauge score={metrics?.performanceScore ?? null} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Link
              to="/dashboard/performance/$siteId"
              params={{ siteId: site.id }}
              className="truncate font-semibold hover:underline"
            >
              {site.name}
            </Link>
            <span className="truncate text-sm text-muted">{site.url}</span>
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span className="rounded-full border border-border px-2 py-0.5">
                {DEVICE_PROFILE_LABELS[site.device]}
              </span>
              <BudgetBadge status={site.budgetStatus} />
            </div>
            <RunTimes site={site} />
          </div>
          <RunNow site={site} />
        </div>
        {site.lastRun?.status === 'failed' && site.lastRun.error ? (
          <RunFailure error={site.lastRun.error} />
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Vitals">
          {VITALS.map((metric) => (
            <VitalValue
              key={metric}
              metric={metric}
              value={metrics?.[metric] ?? null}
              trend={site.trend[metric]}
            />
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
