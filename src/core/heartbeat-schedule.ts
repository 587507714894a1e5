// When a heartbeat's next ping is expected, and what its pings so far say: pure functions shared by
// the server (deadlines, evaluation) and the web app (the next expected ping). A period counts from
// the last completed run; a cron expression is read in its IANA time zone by croner.
import { Cron } from 'croner';

export interface HeartbeatSchedule {
  /** Either a period… */
  periodSeconds: number | null;
  /** …or a five-field cron expression read in `timezone`. */
  cron: string | null;
  timezone: string;
  graceSeconds: number;
}

export interface HeartbeatState {
  /** The last completed run (success, fail or exit status): where a period counts from. */
  lastPingAt: number | null;
  /** Why the last completed run failed; null when it succeeded. */
  lastPingFailure: string | null;
  /** A /start not yet followed by its success. */
  runStartedAt: number | null;
}

export type HeartbeatVerdict =
  | { status: 'up'; failure: null }
  | { status: 'down'; failure: { code: HeartbeatFailureCode; message: string } };
export type HeartbeatFailureCode = 'heartbeat_missed' | 'heartbeat_run_timeout' | 'heartbeat_failed';

/** Far beyond any real date: the due time of a heartbeat that waits for its first ping. */
export const NEVER = 8_640_000_000_000_000;

/** A paused croner job: only its schedule is used, it never fires. Throws on a bad pattern or zone. */
export function cronOf(expression: string, timezone: string): Cron {
  return new Cron(expression, { timezone, paused: true });
}

/** The first expected ping strictly after `after`; a period has none before its first ping. */
export function nextTick(
  schedule: HeartbeatSchedule,
  lastPingAt: number | null,
  after: number,
): number | null {
  if (schedule.cron)
    return cronOf(schedule.cron, schedule.timezone).nextRun(new Date(after))?.getTime() ?? null;
  if (lastPingAt === null || schedule.periodSeconds === null) return null;
  const period = schedule.periodSeconds * 1000;
  return lastPingAt + period * Math.max(1, Math.floor((after - lastPingAt) / period) + 1);
}

/** The expected ping whose grace has not run out at `now` (null before a period's first ping). */
export function nextDueAt(schedule: HeartbeatSchedule, state: HeartbeatState, now: number): number | null {
  const grace = schedule.graceSeconds * 1000;
  if (state.lastPingAt === null) return schedule.cron ? nextTick(schedule, null, now) : null;
  return nextTick(schedule, state.lastPingAt, Math.max(state.lastPingAt, now - grace));
}

/** Past its expected time, inside the grace: shown, not alerted. */
export function isLate(schedule: HeartbeatSchedule, state: HeartbeatState, now: number): boolean {
  const due = state.lastPingAt === null ? null : nextDueAt(schedule, state, now);
  return due !== null && due <= now;
}

/**
 * When the heartbeat must next be evaluated: the expected ping plus grace, or an open run's start
 * plus grace if sooner. A heartbeat never pinged and not running waits for its first ping.
 */
export function nextDeadline(schedule: HeartbeatSchedule, state: HeartbeatState, now: number): number {
  const grace = schedule.graceSeconds * 1000;
  const due = state.lastPingAt === null ? null : nextDueAt(schedule, state, now);
  const deadlines = [due === null ? NEVER : due + grace];
  const runEnds = state.runStartedAt === null ? null : state.runStartedAt + grace;
  if (runEnds !== null && runEnds > now) deadlines.push(runEnds);
  return Math.min(...deadlines);
}

const iso = (at: number) => new Date(at).toISOString();

export function formatSeconds(seconds: number): string {
  // 0 divides by everything: no grace is 0 s, not 0 d.
  if (seconds === 0) return '0 s';
  if (seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** What the pings so far say at `now`: a missed run, a run that never finished, a failed run, or up. */
export function evaluate(schedule: HeartbeatSchedule, state: HeartbeatState, now: number): HeartbeatVerdict {
  const grace = schedule.graceSeconds * 1000;
  const graceText = formatSeconds(schedule.graceSeconds);
  const expected = state.lastPingAt === null ? null : nextTick(schedule, state.lastPingAt, state.lastPingAt);
  if (state.lastPingAt !== null && expected !== null && expected + grace <= now) {
    const message = `No ping since ${iso(state.lastPingAt)}, expected by ${iso(expected)} (grace ${graceText}).`;
    return { status: 'down', failure: { code: 'heartbeat_missed', message } };
  }
  const { runStartedAt } = state;
  if (runStartedAt !== null && runStartedAt + grace <= now && runStartedAt > (state.lastPingAt ?? 0)) {
    const message = `The run started at ${iso(runStartedAt)} reported no success within ${graceText}.`;
    return { status: 'down', failure: { code: 'heartbeat_run_timeout', message } };
  }
  if (state.lastPingFailure !== null) {
    return { status: 'down', failure: { code: 'heartbeat_failed', message: state.lastPingFailure } };
  }
  return { status: 'up', failure: null };
}

/** The shortest gap between expected pings: a period, or the least of a cron's next 50 gaps. */
export function shortestGapSeconds(schedule: HeartbeatSchedule, from: number): number {
  if (!schedule.cron) return schedule.periodSeconds ?? 0;
  const runs = cronOf(schedule.cron, schedule.timezone)
    .nextRuns(51, new Date(from))
    .map((run) => run.getTime());
  const gaps = runs.slice(1).map((run, i) => (run - (runs[i] ?? run)) / 1000);
  return gaps.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...gaps);
}

/** For people: "every 5 min" or "*\/5 * * * * (Europe/Berlin)". */
export function describeSchedule(schedule: HeartbeatSchedule): string {
  if (schedule.cron) return `${schedule.cron} (${schedule.timezone})`;
  return `every ${formatSeconds(schedule.periodSeconds ?? 0)}`;
}
