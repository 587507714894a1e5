import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45_000, '45 s'],
    [155_000, '2 min 35 s'],
    [12 * 60_000, '12 min'],
    [125 * 60_000, '2 h 5 min'],
    [3 * 3600_000, '3 h'],
    [(3 * 24 + 4) * 3600_000, '3 d 4 h'],
    [1200 * 86_400_000, '1,200 d'],
  ])('says %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
