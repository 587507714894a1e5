import { describe, expect, it } from 'vitest';
import {
  evaluate,
  formatSeconds,
  type HeartbeatSchedule,
  isLate,
  NEVER,
  nextDeadline,
  nextDueAt,
  shortestGapSeconds,
} from './heartbeat-schedule.ts';

const MINUTE = 60_000;
const period: HeartbeatSchedule = { periodSeconds: 300, cron: null, timezone: 'UTC', graceSeconds: 120 };
const berlin: HeartbeatSchedule = {
  periodSeconds: null,
  cron: '30 2 * * *',
  timezone: 'Europe/Berlin',
  graceSeconds: 60,
};
const fresh = { lastPingAt: null, lastPingFailure: null, runStartedAt: null };

describe('heartbeat schedule', () => {
  it('names durations in their largest whole unit, and no grace in seconds', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(90)).toBe('90 s');
    expect(formatSeconds(300)).toBe('5 min');
    expect(formatSeconds(7200)).toBe('2 h');
    expect(formatSeconds(86_400)).toBe('1 d');
  });

  it('waits for the first ping of a period heartbeat, then expects one every period', () => {
    expect(nextDeadline(period, fresh, 0)).toBe(NEVER);
    const state = { ...fresh, lastPingAt: 1_000_000 };
    expect(nextDueAt(period, state, 1_000_000)).toBe(1_000_000 + 5 * MINUTE);
    expect(nextDeadline(period, state, 1_000_000)).toBe(1_000_000 + 7 * MINUTE);
    expect(isLate(period, state, 1_000_000 + 6 * MINUTE)).toBe(true);
    expect(evaluate(period, state, 1_000_000 + 7 * MINUTE - 1).status).toBe('up');
    expect(evaluate(period, state, 1_000_000 + 7 * MINUTE).failure?.code).toBe('heartbeat_missed');
    // Once missed, the next deadline is the next period's, not one already past.
    expect(nextDeadline(period, state, 1_000_000 + 7 * MINUTE)).toBe(1_000_000 + 12 * MINUTE);
  });

  it('reads a cron in its time zone across a DST change', () => {
    // 02:30 does not exist in Berlin on 28 March 2027: croner runs it as the clocks reach 03:00
    // (01:00 UTC), and the day after at 02:30 summer time (00:30 UTC).
    const lastPingAt = Date.UTC(2027, 2, 27, 1, 30, 10);
    const due = nextDueAt(berlin, { ...fresh, lastPingAt }, lastPingAt);
    expect(due).toBe(Date.UTC(2027, 2, 28, 1, 0));
    expect(nextDueAt(berlin, { ...fresh, lastPingAt: (due ?? 0) + 5000 }, (due ?? 0) + 5000)).toBe(
      Date.UTC(2027, 2, 29, 0, 30),
    );
    expect(shortestGapSeconds({ ...berlin, cron: '*/5 * * * *' }, lastPingAt)).toBe(300);
  });

  it('gives an open run its grace time and says when it ran out', () => {
    const state = { lastPingAt: 0, lastPingFailure: null, runStartedAt: 60 * MINUTE };
    expect(nextDeadline({ ...period, periodSeconds: 86_400 }, state, 60 * MINUTE)).toBe(62 * MINUTE);
    expect(evaluate({ ...period, periodSeconds: 86_400 }, state, 62 * MINUTE).failure?.code).toBe(
      'heartbeat_run_timeout',
    );
    expect(evaluate(period, { ...fresh, lastPingAt: 0, lastPingFailure: 'exit 1' }, 1).failure).toEqual({
      code: 'heartbeat_failed',
      message: 'exit 1',
    });
  });
});
