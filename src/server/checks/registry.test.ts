import { describe, expect, it } from 'vitest';
import { checkRunners } from './registry.ts';
import { CHECK_KINDS } from './types.ts';

describe('checkRunners', () => {
  it('holds one runner per check kind, filed under its own kind, with a concurrency limit', () => {
    expect(Object.keys(checkRunners).sort()).toEqual([...CHECK_KINDS].sort());
    for (const kind of CHECK_KINDS) {
      expect(checkRunners[kind].kind).toBe(kind);
      expect(checkRunners[kind].concurrency).toBeGreaterThan(0);
    }
  });
});
