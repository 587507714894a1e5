// The heartbeat kind: nothing is fetched. A job pings its secret URL; the ping path stores what the
// ping says on the row and judges it at once, and the check job claims the row when the expected
// ping plus grace has passed (JUDGED_AFTER_MS later) and judges it again from the same state, so a
// missing ping is noticed by whichever worker claims it, once.
import { randomBytes } from 'node:crypto';
import type { MonitorInputOf } from '../../../core/api/monitors.ts';
import {
  describeSchedule,
  evaluate,
  type HeartbeatSchedule,
  type HeartbeatState,
  isLate,
  NEVER,
  nextDeadline,
  nextDueAt,
  shortestGapSeconds,
} from '../../../core/heartbeat-schedule.ts';
import type { CheckResult } from '../../checks/types.ts';
import type { MonitorTable } from '../../platform/db/schema.ts';
import { JUDGED_AFTER_MS } from '../../platform/timing.ts';
import { storedConfig, UNUSED_HTTP_COLUMNS } from './stored-config.ts';
import type { MonitorKindDefinition } from './types.ts';

export interface HeartbeatCheckConfig {
  schedule: HeartbeatSchedule;
  state: HeartbeatState;
}

export function scheduleOf(row: MonitorTable): HeartbeatSchedule {
  const { periodSeconds, cron, timezone, graceSeconds } = storedConfig<HeartbeatSchedule>(row);
  return { periodSeconds, cron, timezone, graceSeconds };
}

export function heartbeatStateOf(row: MonitorTable): HeartbeatState {
  return {
    lastPingAt: row.last_ping_at ?? null,
    lastPingFailure: row.last_ping_failure ?? null,
    runStartedAt: row.run_started_at ?? null,
  };
}

/** When the check job judges a deadline (never stays never). */
export function judgedAt(deadline: number): number {
  return deadline >= NEVER ? NEVER : deadline + JUDGED_AFTER_MS;
}

/** 128 random bits, URL-safe: the ping URL is the only credential a job needs. */
export function newPingToken(): string {
  return randomBytes(16).toString('base64url');
}

function scheduleFrom(input: MonitorInputOf<'heartbeat'>): HeartbeatSchedule {
  const { periodSeconds, cron, timezone, graceSeconds } = input;
  return { periodSeconds, cron, timezone, graceSeconds };
}

export const heartbeatKind: MonitorKindDefinition<'heartbeat', HeartbeatCheckConfig, CheckResult> = {
  kind: 'heartbeat',
  confirmFailures: false,
  untimed: true,
  columns: (input, current) => {
    const schedule = scheduleFrom(input);
    return {
      ...UNUSED_HTTP_COLUMNS,
      url: `heartbeat:${describeSchedule(schedule)}`,
      config: JSON.stringify(schedule),
      // What the common interval field answers: the period, or the cron's shortest gap.
      interval_seconds: Math.max(1, Math.round(shortestGapSeconds(schedule, 0))),
      ping_token: current?.ping_token ?? newPingToken(),
    };
  },
  answer: (row, view) => {
    const schedule = scheduleOf(row);
    const state = heartbeatStateOf(row);
    const watching = row.paused === 0;
    return {
      kind: 'heartbeat',
      ...schedule,
      pingUrl: `${view.publicUrl}/api/ping/${row.ping_token}`,
      nextDueAt: watching ? nextDueAt(schedule, state, view.now) : null,
      late: watching && row.status === 'up' && isLate(schedule, state, view.now),
    };
  },
  target: (row) => describeSchedule(scheduleOf(row)),
  certificateUrl: () => null,
  watchedHost: () => null,
  vet: async () => {},
  everySeconds: (input, now) => shortestGapSeconds(scheduleFrom(input), now),
  nextRunAt: (row, now) => judgedAt(nextDeadline(scheduleOf(row), heartbeatStateOf(row), now)),
  check: {
    config: (row) => ({ schedule: scheduleOf(row), state: heartbeatStateOf(row) }),
    run: async ({ schedule, state }, ctx) => {
      const now = ctx.clock.now();
      const verdict = evaluate(schedule, state, now);
      return { status: verdict.status, failure: verdict.failure, startedAt: now, region: ctx.region };
    },
    outcome: (_monitor, result) => ({
      checkedAt: result.startedAt,
      region: result.region,
      status: result.status,
      statusCode: null,
      timings: { totalMs: 0 },
      responseBytes: null,
      failure: result.failure,
    }),
  },
};
