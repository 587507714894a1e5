// The 403s of performance limits, in words that say what is used up, when it comes back and
// what buys more now.
import { PERFORMANCE_RUN_PACK } from '../../core/plans.ts';
import type { PlanSummary } from '../billing/plan-summary.ts';
import { ApiError } from '../platform/http/errors.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function siteLimitReached(summary: PlanSummary): ApiError {
  const limit = summary.limits.performanceSites.limit ?? 0;
  return new ApiError(
    403,
    'performance_site_limit_reached',
    `You've reached your performance site limit on the ${summary.displayName} plan (${limit} site${limit === 1 ? '' : 's'}). Upgrade to add more.`,
  );
}

export function runsExhausted(summary: PlanSummary): ApiError {
  const runs = summary.limits.performanceRuns;
  const resets = runs.resetsAt ? ` They reset on ${dateFormat.format(runs.resetsAt)}.` : '';
  return new ApiError(
    403,
    'performance_runs_exhausted',
    `You've used all ${runs.limit ?? 0} performance runs of the ${summary.displayName} plan.${resets} Buy a one-off pack of ${PERFORMANCE_RUN_PACK.runs} runs ($${PERFORMANCE_RUN_PACK.price}) or upgrade to run more now; scheduled runs continue.`,
  );
}
