import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../lib/format';
import { type PlanAllowance, planUsageQueryOptions } from '../../lib/performance';

function sitesText(sites: PlanAllowance): string {
  if (sites.unlimited || sites.limit === null) return `${formatNumber(sites.used)} sites (unlimited)`;
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
  if (!usage) return null;
  const { performanceSites, performanceRuns } = usage.limits;
  return (
    <p className="text-sm text-muted">
      {`${usage.displayName} plan: ${sitesText(performanceSites)} · ${runsText(performanceRuns)}`}
    </p>
  );
}

/** True when the plan has no site left to add. */
export function useSitesExhausted(): boolean {
  const sites = usePlanUsage()?.limits.performanceSites;
  return sites !== undefined && !sites.unlimited && sites.remaining <= 0;
}
