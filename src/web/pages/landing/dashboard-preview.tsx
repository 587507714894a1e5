import { formatMs, formatPercent } from '../../lib/format';

// Sample figures for the marketing preview only: nothing here comes from a real account.
const SAMPLE_MONITORS = [
  { name: 'api.acme.dev', uptime: 99.98, avgMs: 182, version: 'v1.4.2', status: 'up' },
  { name: 'acme.dev', uptime: 100, avgMs: 96, version: 'v3.12.0', status: 'up' },
  { name: 'checkout.acme.dev', uptime: 99.71, avgMs: 341, version: 'v2.0.1', status: 'degraded' },
] as const;

const DAYS = Array.from({ length: 30 }, (_, day) => day);

const STATUS_DOT = { up: 'bg-emerald-500', degraded: 'bg-amber-500' } as const;

function UptimeBars({ seed }: { seed: number }) {
  return (
    <div className="flex h-6 items-end gap-[2px]" aria-hidden>
      {DAYS.map((day) => {
        const dip = (day * 7 + seed * 13) % 29 === 0;
        return (
          <span
            key={day}
            className={`flex-1 rounded-sm ${dip ? 'h-3 bg-amber-400' : 'h-6 bg-emerald-500/80'}`}
          />
        );
      })}
    </div>
  );
}

export function DashboardPreview() {
  return (
    <figure
      aria-label="Dashboard preview with sample data"
      className="overflow-hidden rounded-ui border border-border bg-bg shadow-2xl shadow-emerald-900/10"
    >
      <div className="flex items-center gap-1.5 border-b border-border bg-surface px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-red-400" />
        <span className="size-2.5 rounded-full bg-amber-400" />
        <span className="size-2.5 rounded-full bg-emerald-400" />
        <span className="ml-3 text-xs text-muted">upwatch · Monitors</span>
      </div>
      <ul className="divide-y divide-border">
        {SAMPLE_MONITORS.map((monitor, index) => (
          <li key={monitor.name} className="flex flex-col gap-2 px-4 py-3">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <div className="flex min-w-0 items-center gap-2">
                <span className={`size-2 shrink-0 rounded-full ${STATUS_DOT[monitor.status]}`} />
                <span className="truncate font-mono text-sm">{monitor.name}</span>
              </div>
              <div className="grid grid-cols-3 gap-4 text-right">
                <div>
                  <p className="text-sm font-semibold">{formatPercent(monitor.uptime)}</p>
                  <p className="text-xs text-muted">uptime</p>
                </div>
                <div>
                  <p className="text-sm font-semibold">{formatMs(monitor.avgMs)}</p>
                  <p className="text-xs text-muted">avg response</p>
                </div>
                <div>
                  <p className="rounded bg-accent-soft px-1.5 font-mono text-xs leading-5 text-accent">
                    {monitor.version}
                  </p>
                  <p className="text-xs text-muted">deployed</p>
                </div>
              </div>
            </div>
            <UptimeBars seed={index + 1} />
          </li>
        ))}
      </ul>
    </figure>
  );
}
