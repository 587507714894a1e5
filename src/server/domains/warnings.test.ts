import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../checks/ssl-problems.ts';
import { decideDomainWarning, domainThresholdFor } from './warnings.ts';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);
const fresh = { expiresAt: null, warnedDays: [] };

describe('domainThresholdFor', () => {
  it.each([
    [45, undefined],
    [30, 30],
    [29, 30],
    [13, 14],
    [7, 7],
    [3, 3],
    [1, 1],
    [0, 1],
    [-1, undefined],
  ])('%i days left is inside the %s-day threshold', (days, threshold) => {
    expect(domainThresholdFor(days)).toBe(threshold);
  });
});

describe('decideDomainWarning', () => {
  it('warns once per threshold, skipping the ones already past', () => {
    const expiresAt = NOW + 13 * DAY_MS + 3_600_000;
    const first = decideDomainWarning(fresh, expiresAt, NOW);
    expect(first).toMatchObject({ thresholdDays: 14, daysRemaining: 13 });
    expect(first.next).toEqual({ expiresAt, warnedDays: [30, 14] });
    const again = decideDomainWarning(first.next, expiresAt, NOW + DAY_MS);
    expect(again.thresholdDays).toBeUndefined();
    const seven = decideDomainWarning(again.next, expiresAt, NOW + 6 * DAY_MS);
    expect(seven).toMatchObject({ thresholdDays: 7, next: { warnedDays: [30, 14, 7] } });
  });

  it('starts over when the registration is renewed', () => {
    const expiresAt = NOW + 2 * DAY_MS;
    const warned = { expiresAt, warnedDays: [30, 14, 7, 3] };
    expect(decideDomainWarning(warned, expiresAt, NOW).thresholdDays).toBeUndefined();
    const renewed = decideDomainWarning(warned, expiresAt + 365 * DAY_MS, NOW);
    expect(renewed).toMatchObject({ thresholdDays: undefined, next: { warnedDays: [] } });
  });

  it('says nothing once the domain has expired', () => {
    expect(decideDomainWarning(fresh, NOW - DAY_MS, NOW).thresholdDays).toBeUndefined();
  });
});
