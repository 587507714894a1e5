import { describe, expect, it } from 'vitest';
import { RESOLVER_MAX_AGE_MS, sharedResolver } from './dns-resolvers.ts';

const settings = { server: '127.0.0.1:5353', timeoutMs: 2000, localAddress: undefined };

describe('shared DNS resolvers', () => {
  it('gives checks with the same settings one resolver, asking the named server', () => {
    const first = sharedResolver(settings, 1_000);
    expect(sharedResolver(settings, 1_000 + RESOLVER_MAX_AGE_MS - 1)).toBe(first);
    expect(first.getServers()).toEqual(['127.0.0.1:5353']);
  });

  it('keeps resolvers apart by server, timeout and source address', () => {
    const base = sharedResolver(settings, 50_000);
    expect(sharedResolver({ ...settings, server: '127.0.0.1:5354' }, 50_000)).not.toBe(base);
    expect(sharedResolver({ ...settings, timeoutMs: 3000 }, 50_000)).not.toBe(base);
    expect(sharedResolver({ ...settings, localAddress: '127.0.0.1' }, 50_000)).not.toBe(base);
    expect(sharedResolver({ ...settings, server: null }, 50_000)).not.toBe(base);
  });

  it('makes a new one once a resolver is a minute old, so the system settings are read again', () => {
    const old = sharedResolver({ ...settings, timeoutMs: 4000 }, 100_000);
    const renewed = sharedResolver({ ...settings, timeoutMs: 4000 }, 100_000 + RESOLVER_MAX_AGE_MS);
    expect(renewed).not.toBe(old);
    expect(sharedResolver({ ...settings, timeoutMs: 4000 }, 100_000 + RESOLVER_MAX_AGE_MS + 1)).toBe(renewed);
  });

  it('makes a new one when the clock went back', () => {
    const later = sharedResolver({ ...settings, timeoutMs: 5000 }, 900_000);
    expect(sharedResolver({ ...settings, timeoutMs: 5000 }, 800_000)).not.toBe(later);
  });
});
