import { type Limit, UNLIMITED_REMAINING } from '../../../../core/plans';
import { featureMap } from '../../../billing/entitlements';
import { useCustomer } from '../../../billing/use-customer';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePlan } from '../../../lib/use-plan';
import { useTimeZone } from '../../../lib/use-time-zone';

/** SPEC.md §9: an unlimited allowance reads 999999 remaining; people read it as 'Unlimited'. */
export function countText(value: Limit | number): string {
  return typeof value !== 'number' || value >= UNLIMITED_REMAINING ? 'Unlimited' : formatNumber(value);
}

interface Meter {
  label: string;
  used: number;
  limit: Limit;
  remaining: number | null;
  note?: string;
}

function UsageBar({ label, used, limit, remaining, note }: Meter) {
  const unlimited = typeof limit !== 'number';
  const share = unlimited || limit === 0 ? 0 : Math.min(1, used / limit);
  const full = !unlimited && used >= limit;
  return (
    <li>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">
          {formatNumber(used)} of {countText(limit)}
        </span>
      </div>
      {/* The figures above say it in words; the bar only draws them. */}
      <div aria-hidden className="mt-1.5 h-2 overflow-hidden rounded-full bg-border">
        <div
          className={cn('h-full rounded-full', full ? 'bg-warning' : 'bg-accent')}
          style={{ width: `${Math.max(share * 100, used > 0 ? 2 : 0)}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted">
        {remaining === null ? null : `Remaining: ${countText(remaining)}`}
        {note ? `${remaining === null ? '' : ' · '}${note}` : null}
      </p>
    </li>
  );
}

export function UsageCard() {
  const { customer, usage } = useCustomer();
  const { limits, remaining } = usePlan();
  const timeZone = useTimeZone();
  const runsReset = featureMap(customer?.features).performance_runs?.next_reset_at ?? null;
  const meters: Meter[] = [
    {
      label: 'Monitors',
      used: usage('monitors') ?? 0,
      limit: limits.monitors,
      remaining: remaining.monitors,
    },
    {
      label: 'Performance sites',
      used: usage('performance_sites') ?? 0,
      limit: limits.performanceSites,
      remaining: remaining.performanceSites,
    },
    {
      label: 'Performance runs this month',
      used: usage('performance_runs') ?? 0,
      limit: limits.performanceRuns,
      remaining: remaining.performanceRuns,
      note: runsReset !== null ? `Resets on ${formatDate(runsReset, timeZone)}` : undefined,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>What your plan and add-ons allow, and how much of it is in use.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {meters.map((meter) => (
            <UsageBar key={meter.label} {...meter} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
