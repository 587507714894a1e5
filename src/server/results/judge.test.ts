// One judge() for every finished check: the verdict the check job, heartbeat pings and each
// region's run all store. The status rules themselves are status-transition.test.ts's.
import { describe, expect, it } from 'vitest';
import { nextSlotAfter } from '../platform/jobs/slots.ts';
import { monitorRow } from '../test/monitor-rows.ts';
import type { CheckOutcome } from './finished-check.ts';
import { type JudgeInput, judge } from './judge.ts';

const T = 1_800_000_000_000;
const DELAY = 15_000;

function outcome(status: CheckOutcome['status'], totalMs = 120.4): CheckOutcome {
  return {
    checkedAt: T,
    region: 'eu',
    status,
    statusCode: status === 'up' ? 200 : 503,
    timings: { totalMs },
    responseBytes: 10,
    failure: status === 'up' ? null : { code: 'http_status', message: 'HTTP 503' },
  };
}

function input(overrides: Partial<JudgeInput> = {}): JudgeInput {
  const monitor = {
    ...monitorRow('workspace-1', 'http://127.0.0.1/', T - 60_000),
    seq: 7,
    interval_seconds: 60,
  };
  return {
    monitor,
    outcome: outcome('up'),
    checkedAt: T,
    current: { status: 'up', streak: 3, lastStatusChangeAt: T - 600_000, confirmingSince: null },
    lastCheckedAt: T - 60_000,
    dueAt: T,
    confirmDelayMs: DELAY,
    region: 'eu',
    ...overrides,
  };
}

describe('judge', () => {
  it('stores a success with its latency, credits the minute since the last check as up, and runs at the next slot', () => {
    const base = input();
    const judged = judge(base);
    expect(judged.latencyMs).toBe(120);
    expect(judged.row).toMatchObject({
      monitor_seq: 7,
      checked_at: T,
      status: 'up',
      total_ms: 120,
      confirmation: false,
    });
    expect(judged.spans).toEqual([{ from: T - 60_000, to: T, column: 'up_ms', sign: 1 }]);
    expect(judged.nextRunAt).toBe(nextSlotAfter(base.monitor.id, 60_000, T));
    expect(judged.event).toMatchObject({
      type: 'check.result',
      at: T,
      status: 'up',
      latencyMs: 120,
      region: 'eu',
    });
  });

  it('re-checks a first failure after the delay, keeping the last latency shown', () => {
    const judged = judge(input({ outcome: outcome('down') }));
    expect(judged.transition.state).toMatchObject({ status: 'up', confirmingSince: T });
    expect(judged.nextRunAt).toBe(T + DELAY);
    expect(judged.latencyMs).toBeNull();
  });

  it('believes a failure at once when the kind does not confirm, and takes the kind’s own next run', () => {
    const judged = judge(input({ outcome: outcome('down'), confirmDelayMs: null, ownNextRunAt: T + 5_000 }));
    expect(judged.transition.event).toBe('monitor.down');
    expect(judged.nextRunAt).toBe(T + 5_000);
  });

  it('holds a failure inside maintenance and looks again when the window ends', () => {
    const base = input();
    const windowEnd = T + 20_000;
    const judged = judge({
      ...base,
      monitor: { ...base.monitor, maintenance_until: windowEnd, interval_seconds: 3600 },
      outcome: outcome('down'),
    });
    expect(judged.maintenance).toBe(true);
    expect(judged.transition.event).toBeNull();
    expect(judged.transition.state.status).toBe('up');
    expect(judged.nextRunAt).toBe(windowEnd);
    expect(judged.row.maintenance).toBe(true);
    expect(judged.spans).toEqual([{ from: T - 60_000, to: T, column: 'maintenance_ms', sign: 1 }]);
  });
});
