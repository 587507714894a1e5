import { Link } from '@tanstack/react-router';
import { CertificateBadge } from '../../components/monitors/certificate-badge';
import { CheckedAgo } from '../../components/monitors/checked-ago';
import { DomainBadge } from '../../components/monitors/domain-badge';
import { MaintenanceBadge, UPTIME_NOTE } from '../../components/monitors/maintenance-badge';
import { Sparkline } from '../../components/monitors/sparkline';
import { StatusBadge } from '../../components/monitors/status';
import { cn } from '../../lib/cn';
import { formatPercent } from '../../lib/format';
import type { MonitorRow } from '../../lib/monitors';
import { latencyFormat } from '../monitors/kinds/faces';
import { KindTarget } from '../monitors/kinds/kind-badge';

/** Desktop columns; the header row in monitor-overview-list uses the same template. */
export const ROW_GRID =
  'md:grid md:grid-cols-[6.5rem_minmax(0,2.4fr)_repeat(3,minmax(0,0.8fr))_8rem_minmax(0,1.1fr)] md:items-center md:gap-4';

function uptime(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatPercent(value);
}

function Figure({
  label,
  value,
  className,
  title,
}: {
  label: string;
  value: string;
  className?: string;
  title?: string;
}) {
  return (
    <div className={cn('tabular-nums', className)} title={title}>
      <span className="text-xs text-muted md:sr-only">{label} </span>
      <span className="font-medium md:font-normal">{value}</span>
    </div>
  );
}

export function MonitorOverviewRow({ monitor }: { monitor: MonitorRow }) {
  const { stats } = monitor;
  // A kind that times nothing (a heartbeat) has neither an average nor a response line to show.
  const formatLatency = latencyFormat(monitor.kind);
  return (
    // Rows below the fold skip layout and paint until scrolled near (a page holds 50 or more).
    // The link is the name alone (its accessible name is its visible text), stretched over the row
    // so the whole row still opens the monitor.
    <li className="relative [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto] hover:bg-surface has-[a:focus-visible]:bg-surface">
      <div className={cn('px-4 py-3', ROW_GRID)}>
        {/* One badge: beside the name on a phone, in its own column from md up. */}
        <div className="float-right ml-2 md:float-none md:ml-0">
          <StatusBadge status={monitor.status} />
        </div>
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              to="/dashboard/monitors/$id"
              params={{ id: monitor.id }}
              className="truncate font-medium after:absolute after:inset-0"
            >
              {monitor.name}
            </Link>
            <CertificateBadge ssl={monitor.ssl} />
            <DomainBadge domain={monitor.domain} />
            <MaintenanceBadge maintenance={monitor.maintenance} />
          </div>
          <KindTarget kind={monitor.kind} target={monitor.target} />
        </div>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm md:contents">
          <Figure label="24 h" value={uptime(stats?.uptime24h)} title={UPTIME_NOTE} />
          <Figure label="30 d" value={uptime(stats?.uptime30d)} title={UPTIME_NOTE} />
          {formatLatency ? (
            <Figure
              label="Avg"
              value={
                stats?.avgMs24h === null || stats?.avgMs24h === undefined
                  ? '—'
                  : formatLatency(stats.avgMs24h)
              }
            />
          ) : (
            <div aria-hidden className="hidden md:block" />
          )}
        </div>
        <div className="mt-2 flex items-center justify-between gap-3 text-accent md:mt-0 md:block">
          {formatLatency ? <Sparkline values={stats?.sparkline ?? []} /> : <span aria-hidden />}
          <span className="text-xs text-muted md:hidden">
            <CheckedAgo at={monitor.lastCheckedAt} />
          </span>
        </div>
        <div className="hidden text-sm text-muted md:block">
          <CheckedAgo at={monitor.lastCheckedAt} />
        </div>
      </div>
    </li>
  );
}
