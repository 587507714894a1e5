import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '../../core/plans';
import { canCreateMonitor } from './monitor-allowance';

describe('may a new monitor be created (SPEC.md §5)', () => {
  it('allows it when the limit is unlimited, however many exist', () => {
    expect(canCreateMonitor(UNLIMITED, 10_000)).toBe(true);
  });

  it('allows it while the remaining count is above 0', () => {
    expect(canCreateMonitor(5, 0)).toBe(true);
    expect(canCreateMonitor(5, 4)).toBe(true);
  });

  it('allows it when no plan or usage data exists yet', () => {
    expect(canCreateMonitor(undefined, 3)).toBe(true);
    expect(canCreateMonitor(5, undefined)).toBe(true);
    expect(canCreateMonitor(null, null)).toBe(true);
  });

  it('refuses it when nothing remains', () => {
    expect(canCreateMonitor(5, 5)).toBe(false);
    expect(canCreateMonitor(5, 7)).toBe(false);
  });
});
