import { useQuery } from '@tanstack/react-query';
import type { MonitorSummary } from '../../../core/api/monitor-summary';
import { formatNumber } from '../../lib/format';
import { monitorSummaryQueryOptions } from '../../lib/monitors';
import { usePlan } from '../../lib/use-plan';

/** Counts change with live status events (which refetch them); this catches anything else. */
const SUMMARY_REFRESH_MS = 60_000;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <section aria-label={label} className="rounded-ui border border-border bg-bg p-4">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-muted">{hint}</p> : null}
    </section>
  );
}

/**
 * Stale and paused monitors are neither up nor down: named under the down count, said to be
 * outside it (a bare "1 stale" there read as one of the down).
 */
function downHint(by: MonitorSummary['byStatus'] | undefined): string | undefined {
  if (!by) return undefined;
  const parts = [
    by.stale > 0 ? `${formatNumber(by.stale)} stale` : null,
    by.paused > 0 ? `${formatNumber(by.paused)} paused` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `Not counted: ${parts.join(', ')}` : undefined;
}

/** Counts over every monitor of the account and its open incidents, as the server sums them. */
export function SummaryTiles() {
  const { plan } = usePlan();
  const { data } = useQuery({ ...monitorSummaryQueryOptions(), refetchInterval: SUMMARY_REFRESH_MS });
  const max = plan.limits.monitorsMax;
  // Until the counts arrive (or if they cannot), a dash rather than a made-up 0.
  const show = (count: number | undefined) => (count === undefined ? '–' : formatNumber(count));
  const by = data?.byStatus;

  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Monitors"
        value={show(data?.total)}
        hint={`of ${typeof max === 'number' ? formatNumber(max) : 'unlimited'} on ${plan.displayName}`}
      />
      <Stat
        label="Up"
        value={show(by && by.up + by.degraded)}
        hint={by && by.degraded > 0 ? `${formatNumber(by.degraded)} degraded` : undefined}
      />
      <Stat label="Down" value={show(by?.down)} hint={downHint(by)} />
      <Stat label="Open incidents" value={show(data?.openIncidents)} />
    </div>
  );
}
