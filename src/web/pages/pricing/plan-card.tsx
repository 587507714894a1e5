import { Link } from '@tanstack/react-router';
import { Check, Info } from 'lucide-react';
import {
  FEATURE_KEYS,
  FEATURE_LABELS,
  featuresLost,
  formatCurrency,
  type Limit,
  PLAN_LIST,
  type Plan,
  type RetentionKey,
} from '../../../core/plans';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

const RETENTION_LABELS: Record<RetentionKey, string> = {
  checks: 'Uptime checks',
  sslChecks: 'SSL checks',
  performanceChecks: 'Performance checks',
  deployments: 'Deployments',
  incidents: 'Incidents',
  performanceAlerts: 'Performance alerts',
  budgetViolations: 'Budget violations',
  digestReports: 'Digest reports',
};

function limit(value: Limit): string {
  return typeof value === 'number' ? formatNumber(value) : 'Unlimited';
}

function minutes(value: number): string {
  return value === 1 ? 'Every minute' : `Every ${value} minutes`;
}

function RetentionDetails({ plan }: { plan: Plan }) {
  return (
    <Popover>
      <PopoverTrigger
        aria-label={`${plan.displayName} retention details`}
        className="cursor-pointer text-muted hover:text-fg"
      >
        <Info className="size-3.5" aria-hidden />
      </PopoverTrigger>
      <PopoverContent>
        <p className="mb-2 font-medium">Days of history kept</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {Object.entries(plan.limits.retentionDays).map(([key, days]) => (
            <div key={key} className="contents">
              <dt className="text-muted">{RETENTION_LABELS[key as RetentionKey]}</dt>
              <dd className="text-right tabular-nums">{formatNumber(days)}</dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}

export function PlanCard({ plan, recommended }: { plan: Plan; recommended: boolean }) {
  const index = PLAN_LIST.indexOf(plan);
  const previous = index > 0 ? PLAN_LIST[index - 1] : undefined;
  // Each tier lists what it adds over the one below, like every pricing page users know.
  const included = previous ? featuresLost(plan.id, previous.id) : enabledLabels(plan);
  const { limits } = plan;

  return (
    <article
      className={cn(
        'relative flex flex-col rounded-ui border bg-bg p-6 shadow-sm',
        recommended ? 'border-accent ring-1 ring-accent' : 'border-border',
      )}
    >
      {recommended ? (
        <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-accent-fg">
          Most popular
        </span>
      ) : null}
      <h2 className="text-lg font-semibold">{plan.displayName}</h2>
      <p className="mt-1 min-h-10 text-sm text-muted">{plan.description}</p>
      <p className="mt-5">
        <span className="text-4xl font-bold tracking-tight">{formatCurrency(plan.monthlyPrice)}</span>
        <span className="text-sm text-muted"> / month</span>
      </p>
      <Button asChild variant={recommended ? 'primary' : 'secondary'} className="mt-6">
        <Link to="/signup">{plan.monthlyPrice === 0 ? 'Start free' : `Choose ${plan.displayName}`}</Link>
      </Button>

      <dl className="mt-6 space-y-2 border-t border-border pt-6 text-sm">
        <Row term="Monitors" value={limit(limits.monitorsMax)} />
        <Row term="Check interval" value={minutes(limits.minCheckIntervalMinutes)} />
        <Row term="Performance sites" value={limit(limits.perfSitesMax)} />
        <Row term="Web Vitals runs" value={limits.webVitalsFrequency === 'daily' ? 'Daily' : 'Weekly'} />
        <div className="flex justify-between gap-4">
          <dt className="flex items-center gap-1 text-muted">
            Check history <RetentionDetails plan={plan} />
          </dt>
          <dd className="font-medium">{formatNumber(limits.retentionDays.checks)} days</dd>
        </div>
      </dl>

      <div className="mt-6 border-t border-border pt-6">
        <p className="text-sm font-medium">
          {previous ? `Everything in ${previous.displayName}, plus:` : 'Includes:'}
        </p>
        <ul className="mt-3 space-y-2 text-sm">
          {included.map((label) => (
            <li key={label} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function enabledLabels(plan: Plan): string[] {
  return FEATURE_KEYS.filter((key) => plan.features[key]).map((key) => FEATURE_LABELS[key]);
}
