import { describe, expect, it } from 'vitest';
import { statusCode } from '../history/result-codes.ts';
import { regionDay } from './region-day.ts';

const S = 1000;
const check = (at: number, status: 'up' | 'down') => ({
  region: 'eu',
  checked_at: at * S,
  status: statusCode(status),
  total_ms: 100,
});

describe("a region's day by time", () => {
  it('counts a confirmed outage from its first failure, by time, not by the checks it took', () => {
    // Up at 0, fails at 60, the re-check at 75 fails too, up again at 120; now is 180.
    const day = regionDay([check(0, 'up'), check(60, 'down'), check(75, 'down'), check(120, 'up')], 180 * S);
    // 60 s down of 180: two of four checks failed, which read 50 % before.
    expect(day.uptimePercent).toBeCloseTo((120 / 180) * 100, 2);
    expect(day.checks).toBe(4);
  });

  it('a failure its re-check cleared is no downtime', () => {
    const day = regionDay([check(0, 'up'), check(60, 'down'), check(75, 'up')], 120 * S);
    expect(day.uptimePercent).toBe(100);
  });

  it('an outage under way counts until now', () => {
    const day = regionDay([check(0, 'up'), check(60, 'down'), check(75, 'down')], 120 * S);
    expect(day.uptimePercent).toBe(50);
  });
});
