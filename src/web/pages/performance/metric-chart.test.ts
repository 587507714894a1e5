import { describe, expect, it } from 'vitest';
import { timeRange } from './metric-chart';

describe('timeRange', () => {
  it('shows one run on a day centred on it', () => {
    expect(timeRange(1_000_000, 1_000_000)).toEqual([1_000_000 - 43_200, 1_000_000 + 43_200]);
  });

  it('keeps the span of several runs unchanged', () => {
    expect(timeRange(1_000, 90_000)).toEqual([1_000, 90_000]);
  });

  it('passes an empty range through', () => {
    expect(timeRange(null, null)).toEqual([null, null]);
  });
});
