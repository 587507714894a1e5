import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createStartTicks } from './start-ticks.ts';

function ticksAt(now: number) {
  const clock = new ManualClock(now);
  const started: { item: string; at: number }[] = [];
  const ticks = createStartTicks<string>(clock, (item) => started.push({ item, at: clock.now() }), 20);
  return { clock, started, ticks };
}

describe('start ticks', () => {
  it('starts everything due within one tick together at its end, on one timer', () => {
    const { clock, started, ticks } = ticksAt(1_000);
    ticks.arm('a', 1_003, 'a');
    ticks.arm('b', 1_019, 'b');
    ticks.arm('c', 1_020, 'c');
    ticks.arm('d', 1_021, 'd');
    expect(clock.pendingTimers).toBe(2);
    expect(ticks.size).toBe(4);

    clock.advance(19);
    expect(started).toEqual([]);
    clock.advance(1);
    expect(started).toEqual([
      { item: 'a', at: 1_020 },
      { item: 'b', at: 1_020 },
      { item: 'c', at: 1_020 },
    ]);
    clock.advance(20);
    expect(started.at(-1)).toEqual({ item: 'd', at: 1_040 });
    expect(ticks.size).toBe(0);
  });

  it('keeps each due time’s phase: the same due time in the next interval starts as late again', () => {
    const { clock, started, ticks } = ticksAt(0);
    ticks.arm('m', 7_013, 'first');
    clock.advance(7_020);
    ticks.arm('m', 67_013, 'second');
    clock.advance(60_000);
    expect(started.map(({ at }) => at)).toEqual([7_020, 67_020]);
  });

  it('takes back what is armed without starting it', () => {
    const { clock, started, ticks } = ticksAt(0);
    ticks.arm('a', 5, 'a');
    ticks.arm('b', 45, 'b');
    expect(ticks.cancelAll().sort()).toEqual(['a', 'b']);
    expect(clock.pendingTimers).toBe(0);
    clock.advance(100);
    expect(started).toEqual([]);
    expect(ticks.size).toBe(0);
  });
});
