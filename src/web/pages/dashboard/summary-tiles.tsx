import { formatNumber } from '../../lib/format';
import type { MonitorRow } from '../../lib/monitors';
import { usePlan } from '../../lib/use-plan';

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
 * Counts over the monitors loaded so far; while more pages exist the figures read "50+" rather
 * than pretend to be totals.
 */
export function SummaryTiles({ monitors, complete }: { monitors: MonitorRow[]; complete: boolean }) {
  const { plan } = usePlan();
  const max = plan.limits.monitorsMax;
  const count = (predicate: (monitor: MonitorRow) => boolean) => {
    const n = monitors.filter(predicate).length;
    return `${formatNumber(n)}${complete || n === 0 ? '' : '+'}`;
  };
  const degraded = monitors.filter((monitor) => monitor.status === 'degraded').length;
  const paused = monitors.filter((monitor) => monitor.status === 'paused').length;

  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Monitors"
        value={count(() => true)}
        hint={`of ${typeof max === 'number' ? formatNumber(max) : 'unlimited'} on ${plan.displayName}`}
      />
      <Stat
        label="Up"
        value={count((monitor) => monitor.status === 'up' || monitor.status === 'degraded')}
        hint={degraded > 0 ? `${formatNumber(degraded)} degraded` : undefined}
      />
      <Stat
        label="Down"
        value={count((monitor) => monitor.status === 'down')}
        hint={paused > 0 ? `${formatNumber(paused)} paused` : undefined}
      />
      <Stat label="Open incidents" value="0" />
    </div>
  );
}
