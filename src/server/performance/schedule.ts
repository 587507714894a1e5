// How often a site's scheduled run comes round, from the owner's plan (webVitalsFrequency).
import type { PlanLimits } from '../../core/plans.ts';

const DAY_MS = 86_400_000;

export const FREQUENCY_MS: Record<PlanLimits['webVitalsFrequency'], number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};
