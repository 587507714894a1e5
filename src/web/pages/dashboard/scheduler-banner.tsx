import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatDuration, formatNumber } from '../../lib/format';
import { monitorSummaryQueryOptions } from '../../lib/monitors';

/** The same answer as the tiles (one query key), so the banner costs no request of its own. */
const SUMMARY_REFRESH_MS = 60_000;

function staleNote(stale: number): string {
  if (stale === 0) return '';
  return stale === 1
    ? ' 1 monitor is stale: its last status may no longer hold.'
    : ` ${formatNumber(stale)} monitors are stale: their last status may no longer hold.`;
}

/**
 * "Checks are running late": the workers' own start lag, while it is past the server's line, and
 * how many monitors went stale meanwhile. Nothing while checks run on time.
 */
export function SchedulerBanner() {
  const { data } = useQuery({ ...monitorSummaryQueryOptions(), refetchInterval: SUMMARY_REFRESH_MS });
  if (!data?.scheduler.late || data.scheduler.lagMs === null) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-ui border border-warning/30 bg-warning/10 p-4 text-sm"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-medium">Checks are running late</p>
        {/* Body colour, not muted: grey on the warning tint fell under 4.5:1 (3.97). */}
        <p className="mt-0.5">
          {`Checks start ${formatDuration(data.scheduler.lagMs)} after they are due.${staleNote(data.byStatus.stale)}`}
        </p>
      </div>
    </div>
  );
}
