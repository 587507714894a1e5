import { describe, expect, it, vi } from 'vitest';
import { createFakeTimers } from '../../test/fake-timers';
import { createKeyedThrottle } from './keyed-throttle';

describe('keyed throttle', () => {
  it('runs at once, then collapses a burst into one trailing run per key', () => {
    const clock = createFakeTimers();
    const run = vi.fn();
    const throttle = createKeyedThrottle(run, 5000, clock.timers);

    throttle.call('m-1');
    throttle.call('m-1');
    throttle.call('m-1');
    throttle.call('m-2');
    expect(run.mock.calls).toEqual([['m-1'], ['m-2']]);

    clock.advance(5000);
    expect(run.mock.calls).toEqual([['m-1'], ['m-2'], ['m-1']]);
    clock.advance(10_000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
