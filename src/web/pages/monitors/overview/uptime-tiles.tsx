import type { UptimeReport, WindowSummary } from '../../../../core/api/history';
import { formatMs, formatNumber, formatPercent } from '../../../lib/format';

const WINDOWS: { key: keyof UptimeReport['windows']; label: string }[] = [
  { key: '24h', label: 'Last 24 hours' },
  { key: '7d', label: 'Last 7 days' },
  { key: '30d', label: 'Last 30 days' },
  { key: '90d', label: 'Last 90 days' },
];

function Tile({ label, summary }: { label: string; summary: WindowSummary | undefined }) {
  const uptime = summary?.uptimePercent;
  return (
    <div className="rounded-ui border border-border bg-bg p-4">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">
        {uptime === null || uptime === undefined ? '—' : formatPercent(uptime)}
      </p>
      <p className="mt-0.5 text-xs text-muted tabular-nums">
        {summary?.p95Ms != null ? `p95 ${formatMs(summary.p95Ms)}` : 'p95 —'}
        {summary?.avgMs != null ? ` · avg ${formatMs(summary.avgMs)}` : ''}
      </p>
      <p className="text-xs text-muted tabular-nums">{formatNumber(summary?.checks ?? 0)} checks</p>
    </div>
  );
}

export function UptimeTiles({ report }: { report: UptimeReport | undefined }) {
  return (
    <section aria-label="Uptime" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {WINDOWS.map(({ key, label }) => (
        <Tile key={key} label={label} summary={report?.windows[key]} />
      ))}
    </section>
  );
}
