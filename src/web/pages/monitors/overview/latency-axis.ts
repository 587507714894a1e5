// The response chart's millisecond axis. uPlot's own steps (…, 0.25, 2.5, 25, 250, …) put ticks
// at 1,250 ms or 0.25 ms; these keep to round values a person would write on the axis.
import { formatMs, numberFormat } from '../../../lib/format';

const STEPS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 30_000, 60_000];
/** Past a second ticks fall on whole or half seconds: 200 ms steps would read 1.2 s, 1.4 s. */
const SECOND_STEP_MS = 500;
/** Intervals at most between the axis' ticks, so they stay clear of each other on a 240 px chart. */
const MAX_INTERVALS = 5;

/** Where the axis has ticks between `min` and `max` milliseconds. */
export function latencyTicks(min: number, max: number): number[] {
  const span = max - min;
  const step =
    STEPS_MS.find((one) => (max <= 1000 || one >= SECOND_STEP_MS) && span / one <= MAX_INTERVALS) ??
    (STEPS_MS.at(-1) as number);
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max; tick += step) ticks.push(tick);
  return ticks;
}

/** "0 ms", "500 ms", "1 s", "1.5 s": a tick past a second reads in seconds, as it would be said. */
export function formatLatencyTick(ms: number): string {
  if (ms < 1000) return formatMs(ms);
  return `${numberFormat({ maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}
