import { expect, it } from 'vitest';
import { ManualClock } from './clock.ts';

it('fires timers in time order as the clock advances, and not before', () => {
  const clock = new ManualClock(1000);
  const fired: string[] = [];
  clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
  clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
  clock.advance(99);
  expect(fired).toEqual([]);
  clock.advance(101);
  expect(fired).toEqual(['a@1100', 'b@1200']);
  expect(clock.now()).toBe(1200);
});

it('runs timers scheduled by timers within the same advance, and honours cancel', () => {
  const clock = new ManualClock();
  let ticks = 0;
  const tick = () => {
    ticks++;
    clock.setTimeout(tick, 10);
  };
  clock.setTimeout(tick, 10);
  const cancelled = clock.setTimeout(() => {
    ticks += 1000;
  }, 5);
  cancelled.cancel();
  clock.advance(50);
  expect(ticks).toBe(5);
});
