// The "consistent breach" rule of field budgets (issue 42, item 5), pure: each hour the window's
// p75 is judged breached, healthy or thin; breached and healthy hours are counted in a row, a thin
// hour counts neither way and breaks no streak. An episode opens after `consecutiveHours` breached
// hours and closes after as many healthy ones: one alert each way, never one on thin data.
import type { FieldBudget } from '../../../core/api/performance.ts';

export type Judgement = 'breached' | 'healthy' | 'thin';

/** What the window held for the budget's metric: its p75 and how many page views reported it. */
export interface WindowSample {
  p75: number | null;
  pageViews: number;
}

export interface Streaks {
  breachedHours: number;
  healthyHours: number;
}

export const NO_STREAKS: Streaks = { breachedHours: 0, healthyHours: 0 };

export function judge(budget: FieldBudget, sample: WindowSample): Judgement {
  if (sample.p75 === null || sample.pageViews < budget.minPageViews) return 'thin';
  return sample.p75 > budget.limit ? 'breached' : 'healthy';
}

/** The streaks after one more judged hour, and whether the episode opens, closes or neither. */
export function step(
  streaks: Streaks,
  judgement: Judgement,
  { consecutiveHours, open }: { consecutiveHours: number; open: boolean },
): { streaks: Streaks; change: 'open' | 'close' | null } {
  let next = streaks;
  if (judgement === 'breached') next = { breachedHours: streaks.breachedHours + 1, healthyHours: 0 };
  if (judgement === 'healthy') next = { breachedHours: 0, healthyHours: streaks.healthyHours + 1 };
  if (!open && next.breachedHours >= consecutiveHours) return { streaks: next, change: 'open' };
  if (open && next.healthyHours >= consecutiveHours) return { streaks: next, change: 'close' };
  return { streaks: next, change: null };
}
