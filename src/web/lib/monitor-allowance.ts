import { useQuery } from '@tanstack/react-query';
import { type Limit, remainingCount } from '../../core/plans';
import { monitorCountQueryOptions } from './monitors';
import { usePlan } from './use-plan';

/**
 * SPEC.md §5: a new monitor may be created when the limit is unlimited, the remaining count is
 * above 0, or no data exists yet. Only a hint for the UI; the server still decides.
 */
export function canCreateMonitor(limit: Limit | null | undefined, used: number | null | undefined): boolean {
  if (limit === null || limit === undefined || used === null || used === undefined) return true;
  return remainingCount(limit, used) > 0;
}

/** Whether the signed-in user may add a monitor, judged from their plan and monitor count. */
export function useCanCreateMonitor(): boolean {
  const limit = usePlan().plan.limits.monitorsMax;
  const counted = typeof limit === 'number';
  const count = useQuery({ ...monitorCountQueryOptions(counted ? limit : 0), enabled: counted });
  return canCreateMonitor(limit, counted ? count.data : undefined);
}
