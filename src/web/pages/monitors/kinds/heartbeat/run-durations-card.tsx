// A small SVG chart of run durations rather than the overview's uPlot chart: that one is built
// around check results and millisecond axes, while a ping log holds at most 100 runs to draw.
import type { HeartbeatPing } from '../../../../../core/api/monitor-kinds/heartbeat';
import { Card } from '../../../../components/ui/card';
import { formatDateTime, formatDuration } from '../../../../lib/format';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { type Run, runSummary, runsOf } from './run-durations';

// The plot's own units; it stretches to the card, so strokes are kept unscaled below.
const SIZE = 100;
const GRID = [0, 0.5, 1] as const;
/** Durations read in whole seconds: a shorter axis would label every line "0 s". */
const MIN_AXIS_MS = 2000;

/** The axis' top: the longest run, and at least MIN_AXIS_MS. */
function axisTop(runs: readonly Run[]): number {
  return Math.max(MIN_AXIS_MS, ...runs.map((run) => run.durationMs));
}

/** Each run's point in plot units: x by when it finished, y by its share of the longest run. */
function points(runs: readonly Run[]): { run: Run; x: number; y: number }[] {
  const first = runs[0]?.at ?? 0;
  const span = (runs.at(-1)?.at ?? 0) - first;
  const longest = axisTop(runs);
  return runs.map((run) => ({
    run,
    // Runs all at one instant sit in the middle rather than on the left edge.
    x: span === 0 ? SIZE / 2 : ((run.at - first) / span) * SIZE,
    y: SIZE - (run.durationMs / longest) * SIZE,
  }));
}

export function RunDurationsCard({ pings }: { pings: readonly HeartbeatPing[] }) {
  const timeZone = useTimeZone();
  const runs = runsOf(pings);
  const first = runs[0];
  const latest = runs.at(-1);
  if (!first || !latest) return null;
  const longest = axisTop(runs);
  const plotted = points(runs);
  const line = plotted.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(2)},${y.toFixed(2)}`);

  return (
    <Card className="grid gap-2 p-4">
      <h2 className="text-sm font-medium">Run durations</h2>
      <p className="text-sm text-muted">{runSummary(runs)}</p>
      {/* The summary above says what the chart shows; the chart adds nothing a screen reader needs. */}
      <div className="grid grid-cols-[auto_1fr] gap-x-2 py-2 text-xs text-muted" aria-hidden="true">
        <div className="relative h-32">
          {/* Invisible copies in the flow give the column its widest label's width. */}
          {GRID.map((share) => (
            <span key={share} className="invisible block whitespace-nowrap">
              {formatDuration(longest * share)}
            </span>
          ))}
          {GRID.map((share) => (
            <span
              key={share}
              className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${(1 - share) * 100}%` }}
            >
              {formatDuration(longest * share)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          preserveAspectRatio="none"
          className="h-32 w-full overflow-visible text-accent"
          aria-hidden="true"
        >
          {GRID.map((share) => (
            <line
              key={share}
              x1={0}
              x2={SIZE}
              y1={(1 - share) * SIZE}
              y2={(1 - share) * SIZE}
              className="stroke-border"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path
            d={line.join('')}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
          {plotted.map(({ run, x, y }) => (
            // A zero-length round-capped stroke stays a dot however the plot is stretched.
            <path
              key={run.at}
              d={`M${x.toFixed(2)},${y.toFixed(2)}h0`}
              stroke="currentColor"
              strokeWidth={6}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            >
              <title>{`${formatDateTime(run.at, timeZone)}: ${formatDuration(run.durationMs)}`}</title>
            </path>
          ))}
        </svg>
        <span />
        <div className={`flex gap-2 pt-1 ${runs.length > 1 ? 'justify-between' : 'justify-center'}`}>
          <span>{formatDateTime(first.at, timeZone, false)}</span>
          {runs.length > 1 ? <span>{formatDateTime(latest.at, timeZone, false)}</span> : null}
        </div>
      </div>
    </Card>
  );
}
