import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../lib/format';
import { type PlanAllowance, planUsageQueryOptions, sitesQueryOptions } from '../../lib/performance';

/**
 * An unlimited allowance counts no usage (the billing provider tracks only what it limits), so
 * its sites are counted from the site list, which every add and delete refetches.
 */
function sitesText(sites: PlanAllowance, listed: number | undefined): string {
  if (sites.unlimited || sites.limit === null) {
    const count = listed ?? sites.used;
    return `${formatNumber(count)} ${count === 1 ? 'site' : 'sites'} (unlimited)`;
  }
  return `${formatNumber(sites.used)} of ${formatNumber(sites.limit)} sites`;
}

function runsText(runs: PlanAllowance): string {
  if (runs.unlimited || runs.limit === null) return 'Unlimited runs';
  return `${formatNumber(runs.remaining)} of ${formatNumber(runs.limit)} runs left this month`;
}

/** The plan's performance allowances from GET /api/v1/me/plan, as the server counts them. */
export function usePlanUsage() {
  return useQuery(planUsageQueryOptions).data;
}

export function PlanUsage() {
  const usage = usePlanUsage();
  const listed = useQuery(sitesQueryOptions).data?.length;
  if (!usage) return null;
  const { performanceSites, performanceRuns } = usage.limits;
  return (
    <p className="text-sm text-muted">
      {`${usage.displayName} plan: ${sitesText(performanceSites, listed)} · ${runsText(performanceRuns)}`}
    </p>
  );
}

/** True when the plan has no site left to add. */
export function useSitesExhausted(): boolean {
  const sites = usePlanUsage()?.limits.performanceSites;
  return sites !== undefined && !sites.unlimited && sites.remaining <= 0;
}
