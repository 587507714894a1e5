import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ChevronsUpDown, Pause, Play } from 'lucide-react';
import { ManagedBadge } from '../../components/managed';
import { CertificateBadge } from '../../components/monitors/certificate-badge';
import { CheckedAgo } from '../../components/monitors/checked-ago';
import { DomainBadge } from '../../components/monitors/domain-badge';
import { FailingFromBadge } from '../../components/monitors/failing-from-badge';
import { StatusBadge } from '../../components/monitors/status';
import { WriteButton } from '../../components/role-lock';
import { Card } from '../../components/ui/card';
import { formatInterval } from '../../lib/format';
import type { MonitorRow } from '../../lib/monitors';
import { useMonitorAction } from '../../lib/use-monitor-actions';
import { latencyFormat } from './kinds/faces';
import { KindTarget } from './kinds/kind-badge';
import { type Sort, type SortKey, sortMonitors } from './sort-monitors';

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (sort: Sort) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ChevronsUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 font-medium tracking-wide whitespace-nowrap uppercase hover:text-fg"
        onClick={() =>
          onSort({ key: column, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  );
}

function PauseResumeButton({ monitor }: { monitor: MonitorRow }) {
  const pause = useMonitorAction('pause');
  const resume = useMonitorAction('resume');
  const busy = pause.isPending || resume.isPending;
  if (monitor.paused) {
    return (
      <WriteButton variant="ghost" size="sm" disabled={busy} onClick={() => resume.mutate(monitor.id)}>
        <Play className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Resume</span>
        <span className="sr-only"> {monitor.name}</span>
      </WriteButton>
    );
  }
  return (
    <WriteButton variant="ghost" size="sm" disabled={busy} onClick={() => pause.mutate(monitor.id)}>
      <Pause className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">Pause</span>
      <span className="sr-only"> {monitor.name}</span>
    </WriteButton>
  );
}

/** The last check's time; nothing for a kind that times nothing (a heartbeat's 0 ms). */
function Latency({ monitor }: { monitor: MonitorRow }) {
  const format = latencyFormat(monitor.kind);
  if (!format) return null;
  return monitor.lastLatencyMs === null ? '—' : format(monitor.lastLatencyMs);
}

export function MonitorsTable({
  monitors,
  sort,
  onSort,
}: {
  monitors: MonitorRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const rows = sortMonitors(monitors, sort);
  const head = { sort, onSort };
  return (
    // Relative: the buttons' screen-reader text (absolutely placed) stays inside the card.
    <Card className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-border bg-surface text-left text-xs tracking-wide text-muted uppercase">
          <tr className="[&>th]:px-3 [&>th]:py-2 sm:[&>th]:px-4">
            <SortHeader label="Status" column="status" {...head} />
            <SortHeader label="Name" column="name" {...head} />
            <SortHeader
              label="Last check"
              column="lastCheckedAt"
              {...head}
              className="hidden md:table-cell"
            />
            <SortHeader label="Response" column="lastLatencyMs" {...head} className="hidden sm:table-cell" />
            <th scope="col" className="hidden font-medium lg:table-cell">
              Interval
            </th>
            <th scope="col" className="text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((monitor) => (
            <tr key={monitor.id} className="hover:bg-surface/60 [&>td]:px-3 [&>td]:py-3 sm:[&>td]:px-4">
              <td>
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={monitor.status} />
                  <FailingFromBadge failingFrom={monitor.failingFrom} status={monitor.status} />
                </div>
              </td>
              <td className="max-w-0 min-w-24 w-full sm:min-w-40">
                {/* Badges wrap under the name rather than sit over it on a narrow screen. */}
                <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    to="/dashboard/monitors/$id"
                    params={{ id: monitor.id }}
                    className="max-w-full truncate font-medium hover:underline"
                  >
                    {monitor.name}
                  </Link>
                  <CertificateBadge ssl={monitor.ssl} />
                  <DomainBadge domain={monitor.domain} />
                  <ManagedBadge managedKey={monitor.managedKey} />
                </div>
                <KindTarget kind={monitor.kind} target={monitor.target} />
              </td>
              <td className="hidden whitespace-nowrap text-muted md:table-cell">
                <CheckedAgo at={monitor.lastCheckedAt} prefix="" />
              </td>
              <td className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                <Latency monitor={monitor} />
              </td>
              <td className="hidden whitespace-nowrap text-muted lg:table-cell">
                {formatInterval(monitor.intervalSeconds)}
              </td>
              <td className="text-right">
                <PauseResumeButton monitor={monitor} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
