import { describe, expect, it } from 'vitest';
import { timeRange } from './metric-chart';

describe('timeRange', () => {
  it('shows one run on a day centred on it, whatever span uPlot widened it to', () => {
    // uPlot's own widening of a lone point on a seconds axis: 86,400,000 s after it.
    expect(timeRange([1_000_000], 1_000_000, 87_400_000)).toEqual([1_000_000 - 43_200, 1_000_000 + 43_200]);
  });

  it('keeps the span of several runs unchanged', () => {
    expect(timeRange([1_000, 5_000, 90_000], 1_000, 90_000)).toEqual([1_000, 90_000]);
  });

  it('passes an empty range through', () => {
    expect(timeRange([], null, null)).toEqual([null, null]);
  });
});
