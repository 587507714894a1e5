// How many beacons a site's key and one visitor's address may send, counted in memory per fixed
// window (issue 42, item 2). A visitor sends one beacon a page view, so an address past a page view
// a second for a minute is a script; a key past its ceiling is a flood of made-up page views.
// Counts only: the address is a map key for one window and is never stored or logged.
import type { Clock } from '../../platform/clock.ts';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export const PER_ADDRESS: RateLimit = { limit: 60, windowMs: 60_000 };
export const PER_KEY: RateLimit = { limit: 5_000, windowMs: 1_000 };
/** Past this many tracked names a window's counts are dropped: memory stays bounded under a flood. */
const MAX_TRACKED = 100_000;

export function createRateCounter(clock: Clock, { limit, windowMs }: RateLimit) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** Counts one more for `name`; false once it is past its limit in this window. */
    allow(name: string): boolean {
      const now = clock.now();
      if (now - windowStart >= windowMs || counts.size >= MAX_TRACKED) {
        windowStart = now;
        counts = new Map();
      }
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      return count <= limit;
    },
  };
}
