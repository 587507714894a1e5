// The runs in a heartbeat's ping log: each success that closed a /start run, with how long it took.
import type { HeartbeatPing } from '../../../../../core/api/monitor-kinds/heartbeat';
import { formatCount, formatDuration } from '../../../../lib/format';

export interface Run {
  /** When the run finished (its closing ping), epoch ms. */
  at: number;
  durationMs: number;
}

/** The timed runs among the pings, oldest first, whatever order the log came in. */
export function runsOf(pings: readonly HeartbeatPing[]): Run[] {
  return pings
    .flatMap((ping) => (ping.durationMs === null ? [] : [{ at: ping.at, durationMs: ping.durationMs }]))
    .sort((a, b) => a.at - b.at);
}

/** The chart in words, for screen readers and a glance: "Last 12 runs: shortest 1 s, longest 4 min 3 s, latest 2 s". */
export function runSummary(runs: readonly Run[]): string {
  const latest = runs.at(-1);
  if (!latest) return 'No timed runs yet.';
  if (runs.length === 1) return `Last run: ${formatDuration(latest.durationMs)}`;
  const durations = runs.map((run) => run.durationMs);
  return `Last ${formatCount(runs.length, 'run', 'runs')}: shortest ${formatDuration(
    Math.min(...durations),
  )}, longest ${formatDuration(Math.max(...durations))}, latest ${formatDuration(latest.durationMs)}`;
}
