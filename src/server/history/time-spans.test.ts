import { describe, expect, it } from 'vitest';
import { aggregate, HOUR_MS } from './rollups.ts';
import { timeSpans } from './time-spans.ts';

const S = 1000;

describe('time each check accounts for', () => {
  it('credits the gap since the last check with the status the monitor had over it', () => {
    expect(
      timeSpans({
        before: { status: 'up', lastCheckedAt: 0 },
        after: { status: 'up', lastStatusChangeAt: -100 * S },
        checkedAt: 60 * S,
        maintenance: false,
      }),
    ).toEqual([{ from: 0, to: 60 * S, column: 'up_ms', sign: 1 }]);
  });

  it('a confirmed outage is down from its first failure: the gap already credited up is taken back', () => {
    // First failure at 60 s (still up, confirming), a second at 75 s, confirmed at 90 s.
    expect(
      timeSpans({
        before: { status: 'up', lastCheckedAt: 75 * S },
        after: { status: 'down', lastStatusChangeAt: 60 * S },
        checkedAt: 90 * S,
        maintenance: false,
      }),
    ).toEqual([
      { from: 60 * S, to: 75 * S, column: 'up_ms', sign: -1 },
      { from: 60 * S, to: 90 * S, column: 'down_ms', sign: 1 },
    ]);
  });

  it('a recovery ends the outage at the check that found it up', () => {
    expect(
      timeSpans({
        before: { status: 'down', lastCheckedAt: 90 * S },
        after: { status: 'up', lastStatusChangeAt: 95 * S },
        checkedAt: 95 * S,
        maintenance: false,
      }),
    ).toEqual([{ from: 90 * S, to: 95 * S, column: 'down_ms', sign: 1 }]);
  });

  it('maintenance time is its own; paused and pending time counts neither way; a first check has no gap', () => {
    const base = { after: { status: 'up' as const, lastStatusChangeAt: 60 * S }, checkedAt: 60 * S };
    expect(timeSpans({ ...base, before: { status: 'down', lastCheckedAt: 0 }, maintenance: true })).toEqual([
      { from: 0, to: 60 * S, column: 'maintenance_ms', sign: 1 },
    ]);
    expect(
      timeSpans({ ...base, before: { status: 'paused', lastCheckedAt: 0 }, maintenance: false }),
    ).toEqual([]);
    expect(
      timeSpans({ ...base, before: { status: 'pending', lastCheckedAt: 0 }, maintenance: false }),
    ).toEqual([]);
    expect(timeSpans({ ...base, before: { status: 'up', lastCheckedAt: null }, maintenance: false })).toEqual(
      [],
    );
  });

  it('a 25-second blip in an hour of one-minute checks is 25 s down, not a third of the checks', () => {
    const spans = [
      timeSpans({
        before: { status: 'up', lastCheckedAt: HOUR_MS - 20 * S },
        after: { status: 'down', lastStatusChangeAt: HOUR_MS - 20 * S },
        checkedAt: HOUR_MS + 5 * S,
        maintenance: false,
      }),
    ];
    // The outage crosses the hour: 20 s in the first, 5 s in the second.
    const rows = aggregate(
      [{ monitorId: 'm', checkedAt: HOUR_MS + 5 * S, status: 'down', totalMs: 0, spans: spans[0] }],
      HOUR_MS,
    );
    expect(rows.map((row) => [row.bucket_start, row.down_ms])).toEqual([
      [HOUR_MS, 5 * S],
      [0, 20 * S],
    ]);
  });
});
