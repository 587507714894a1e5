import type { UptimeReport } from '../../../../core/api/history';
import { cn } from '../../../lib/cn';
import { formatCount, formatDay, formatPercent } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import type { LatencyFormat } from '../kinds/faces';

type Day = UptimeReport['daily'][number];

const HALF_DAY_MS = 12 * 3600 * 1000;

function barColor(uptime: number | null): string {
  if (uptime === null) return 'bg-muted/25';
  if (uptime >= 99.9) return 'bg-accent';
  if (uptime >= 99) return 'bg-emerald-300 dark:bg-emerald-700';
  if (uptime >= 95) return 'bg-warning';
  return 'bg-danger';
}

/** What the tooltip and the screen reader say about one day; no average for a kind that times nothing. */
function dayLabel(
  day: Day,
  timeZone: string,
  formatLatency: LatencyFormat | null,
): { date: string; uptime: string; checks: string } {
  return {
    // Days are UTC days; their midday falls on the same calendar date in every zone from
    // UTC-12 to UTC+12, so the label names the day the bar covers wherever the viewer is.
    date: formatDay(day.start + HALF_DAY_MS, timeZone),
    uptime: day.uptimePercent === null ? 'No data' : `${formatPercent(day.uptimePercent)} uptime`,
    checks: `${formatCount(day.checks, 'check', 'checks')}${
      day.avgMs !== null && formatLatency ? ` · avg ${formatLatency(day.avgMs)}` : ''
    }`,
  };
}

export function UptimeStrip({
  daily,
  formatLatency,
}: {
  daily: Day[];
  /** Null for a kind that times nothing (a heartbeat): no daily average. */
  formatLatency: LatencyFormat | null;
}) {
  const timeZone = useTimeZone();
  return (
    <ol aria-label="Daily uptime, last 90 days" className="flex h-10 items-stretch gap-px sm:gap-0.5">
      {daily.map((day, index) => {
        const label = dayLabel(day, timeZone, formatLatency);
        // Tooltips near either end open inwards so they stay on screen.
        const align =
          index < daily.length / 6
            ? 'left-0'
            : index > (daily.length * 5) / 6
              ? 'right-0'
              : 'left-1/2 -translate-x-1/2';
        return (
          <li key={day.start} className="group relative flex min-w-0 flex-1">
            <span
              // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the day's tooltip on keyboards and touch screens
              tabIndex={0}
              role="img"
              aria-label={`${label.date}: ${label.uptime}, ${label.checks}`}
              className={cn(
                'block w-full rounded-[2px] outline-offset-1 hover:opacity-80',
                barColor(day.uptimePercent),
              )}
            />
            <span
              role="tooltip"
              className={cn(
                'pointer-events-none absolute bottom-full z-10 mb-2 hidden w-max max-w-56 rounded-ui border border-border bg-bg px-3 py-2 text-xs shadow-lg',
                'group-focus-within:block group-hover:block',
                align,
              )}
            >
              <span className="block font-medium text-fg">{label.date}</span>
              <span className="block text-fg">{label.uptime}</span>
              <span className="block text-muted">{label.checks}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
