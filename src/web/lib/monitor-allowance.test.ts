import { describe, expect, it } from 'vitest';
import { UNLIMITED_REMAINING } from '../../core/plans';
import { canCreate } from './monitor-allowance';

describe('may a new monitor be created (SPEC.md §5)', () => {
  it('allows it when the monitors feature is unlimited', () => {
    expect(canCreate(UNLIMITED_REMAINING)).toBe(true);
  });

  it('allows it while the balance is above 0', () => {
    expect(canCreate(1)).toBe(true);
    expect(canCreate(5)).toBe(true);
  });

  it('allows it when no billing data exists', () => {
    expect(canCreate(null)).toBe(true);
    expect(canCreate(undefined)).toBe(true);
  });

  it('refuses it when nothing remains', () => {
    expect(canCreate(0)).toBe(false);
  });
});
