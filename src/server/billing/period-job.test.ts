import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { billingPeriodJob } from './period-job.ts';

describe('the worker’s billing job', () => {
  it('runs the period pass at most once a minute on the injected clock', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 1));
    let passes = 0;
    const job = billingPeriodJob(async () => ++passes, clock);
    const signal = new AbortController().signal;
    await job.run(signal);
    clock.advance(59_999);
    await job.run(signal);
    expect(passes).toBe(1);
    clock.advance(1);
    await job.run(signal);
    expect(passes).toBe(2);
  });
});
