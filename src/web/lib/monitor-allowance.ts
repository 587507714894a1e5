import { usePlan } from './use-plan';

/**
 * SPEC.md §5: a new monitor (or performance site) may be created when its feature is
 * unlimited (remaining 999999) or its balance is above 0, or when no data exists (null).
 * Only a hint for the UI; the server still decides.
 */
export function canCreate(remaining: number | null | undefined): boolean {
  return remaining === null || remaining === undefined || remaining > 0;
}

/** Whether the signed-in user may add a monitor, judged from billing's `monitors` balance. */
export function useCanCreateMonitor(): boolean {
  return canCreate(usePlan().remaining.monitors);
}

/** Whether the signed-in user may add a performance site, from `performance_sites`. */
export function useCanCreatePerformanceSite(): boolean {
  return canCreate(usePlan().remaining.performanceSites);
}
