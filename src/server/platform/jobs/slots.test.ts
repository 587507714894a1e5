import { describe, expect, it } from 'vitest';
import { nextSlotAfter, phaseOffsetMs } from './slots.ts';

const MINUTE = 60_000;

describe('monitor slots', () => {
  it('returns a slot strictly after now, at most one interval away, on the same phase each time', () => {
    const now = Date.UTC(2026, 10, 1, 12, 0, 7);
    const first = nextSlotAfter('m-1', MINUTE, now);
    expect(first).toBeGreaterThan(now);
    expect(first - now).toBeLessThanOrEqual(MINUTE);
    expect(nextSlotAfter('m-1', MINUTE, first)).toBe(first + MINUTE);
    expect(nextSlotAfter('m-1', MINUTE, first - 1)).toBe(first);
  });

  it('runs a monitor that missed many slots once, then puts it back on its phase', () => {
    const now = Date.UTC(2026, 10, 1, 12);
    const slot = nextSlotAfter('m-2', MINUTE, now);
    const afterOutage = slot + 37 * MINUTE + 123;
    const next = nextSlotAfter('m-2', MINUTE, afterOutage);
    expect(next - afterOutage).toBeLessThanOrEqual(MINUTE);
    expect((next - slot) % MINUTE).toBe(0);
  });

  it('spreads 6,000 monitors sharing an interval evenly across it', () => {
    const buckets = new Array<number>(60).fill(0);
    for (let i = 0; i < 6000; i++) {
      const second = Math.floor(
        phaseOffsetMs(`01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, MINUTE) / 1000,
      );
      buckets[second] = (buckets[second] ?? 0) + 1;
    }
    // 100 expected per second; a herd would put thousands in one.
    expect(Math.max(...buckets)).toBeLessThan(160);
    expect(Math.min(...buckets)).toBeGreaterThan(50);
  });
});
