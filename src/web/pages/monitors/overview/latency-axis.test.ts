import { describe, expect, it } from 'vitest';
import { formatLatencyTick, latencyTicks } from './latency-axis';

describe('the response chart’s millisecond axis', () => {
  it('puts ticks on whole milliseconds below a second', () => {
    expect(latencyTicks(0, 1.1)).toEqual([0, 1]);
    expect(latencyTicks(0, 8.8)).toEqual([0, 2, 4, 6, 8]);
    expect(latencyTicks(0, 312)).toEqual([0, 100, 200, 300]);
    expect(latencyTicks(0, 990)).toEqual([0, 200, 400, 600, 800]);
  });

  it('puts ticks on whole or half seconds once the axis passes a second', () => {
    expect(latencyTicks(0, 1100)).toEqual([0, 500, 1000]);
    expect(latencyTicks(0, 1540)).toEqual([0, 500, 1000, 1500]);
    expect(latencyTicks(0, 4400)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(latencyTicks(0, 33_000)).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('starts at the first round value inside a range that does not begin at 0', () => {
    expect(latencyTicks(130, 540)).toEqual([200, 300, 400, 500]);
  });

  it('reads ticks in milliseconds below a second and in seconds above', () => {
    expect([0, 1, 250, 500, 1000, 1500, 2000, 30_000].map(formatLatencyTick)).toEqual([
      '0 ms',
      '1 ms',
      '250 ms',
      '500 ms',
      '1 s',
      '1.5 s',
      '2 s',
      '30 s',
    ]);
  });
});
