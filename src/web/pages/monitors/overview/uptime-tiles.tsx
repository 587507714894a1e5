import type { UptimeReport, WindowSummary } from '../../../../core/api/history';
import { UPTIME_NOTE } from '../../../components/monitors/maintenance-badge';
import { formatCount, formatPercent } from '../../../lib/format';
import type { LatencyFormat } from '../kinds/faces';

const WINDOWS: { key: keyof UptimeReport['windows']; label: string }[] = [
  { key: '24h', label: 'Last 24 hours' },
  { key: '7d', label: 'Last 7 days' },
  { key: '30d', label: 'Last 30 days' },
  { key: '90d', label: 'Last 90 days' },
];

function Tile({
  label,
  summary,
  formatLatency,
}: {
  label: string;
  summary: WindowSummary | undefined;
  /** Null for a kind that times nothing (a heartbeat): uptime figures only. */
  formatLatency: LatencyFormat | null;
}) {
  const uptime = summary?.uptimePercent;
  return (
    <div className="rounded-ui border border-border bg-bg p-4">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums" title={UPTIME_NOTE}>
        {uptime === null || uptime === undefined ? '—' : formatPercent(uptime)}
      </p>
      {formatLatency ? (
        <p className="mt-0.5 text-xs text-muted tabular-nums">
          {summary?.p95Ms != null ? `p95 ${formatLatency(summary.p95Ms)}` : 'p95 —'}
          {summary?.avgMs != null ? ` · avg ${formatLatency(summary.avgMs)}` : ''}
        </p>
      ) : null}
      <p className="text-xs text-muted tabular-nums">
        {formatCount(summary?.checks ?? 0, 'check', 'checks')}
      </p>
    </div>
  );
}

export function UptimeTiles({
  report,
  formatLatency,
}: {
  report: UptimeReport | undefined;
  /** Null for a kind that times nothing (a heartbeat): uptime figures only. */
  formatLatency: LatencyFormat | null;
}) {
  return (
    <section aria-label="Uptime" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {WINDOWS.map(({ key, label }) => (
        <Tile key={key} label={label} summary={report?.windows[key]} formatLatency={formatLatency} />
      ))}
    </section>
  );
}
