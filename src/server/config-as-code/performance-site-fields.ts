// How a performance site's budgets and RUM settings compare and export. Budgets compare in their
// full form (a lab budget without `source`, a field budget with its window and streak settings);
// export leaves out what the schema fills back in.
import type { FieldChange } from '../../core/api/config-file.ts';
import { type Budget, FIELD_BUDGET_DEFAULTS, isFieldBudget } from '../../core/api/performance.ts';
import { diffFields } from './fields.ts';

/** RUM settings as a site stores them: every field there. */
export interface SiteRum {
  enabled: boolean;
  sampleRate: number;
  allowedOrigins: string[];
  routes: string[];
}

export function normalisedBudget(budget: Budget): Budget {
  if (!isFieldBudget(budget)) return { metric: budget.metric, limit: budget.limit };
  const { metric, limit, window, consecutiveHours, minPageViews } = budget;
  return { source: 'field', metric, limit, window, consecutiveHours, minPageViews };
}

export function exportBudget(budget: Budget): Budget {
  if (!isFieldBudget(budget)) return { metric: budget.metric, limit: budget.limit };
  const kept: Record<string, unknown> = { source: 'field', metric: budget.metric, limit: budget.limit };
  for (const field of ['window', 'consecutiveHours', 'minPageViews'] as const) {
    if (budget[field] !== FIELD_BUDGET_DEFAULTS[field]) kept[field] = budget[field];
  }
  return kept as Budget;
}

/** RUM as export writes it: the sample rate, origins and routes only away from their defaults. */
export function exportRum(rum: SiteRum, url: string): Partial<SiteRum> {
  const defaultOrigin = rum.allowedOrigins.length === 1 && rum.allowedOrigins[0] === new URL(url).origin;
  return {
    enabled: rum.enabled,
    ...(rum.sampleRate === 1 ? {} : { sampleRate: rum.sampleRate }),
    ...(defaultOrigin ? {} : { allowedOrigins: rum.allowedOrigins }),
    ...(rum.routes.length === 0 ? {} : { routes: rum.routes }),
  };
}

/**
 * RUM's changes: each setting that differs (`rum.sampleRate`), or the whole of it for a site that
 * has none yet. RUM left out is not managed by the file; RUM written disabled on a site that has
 * none changes nothing, so a site gets its key only when RUM is first enabled.
 */
export function rumFields(
  current: SiteRum | undefined,
  wanted: SiteRum | undefined,
  stored: boolean,
): FieldChange[] {
  if (!wanted) return [];
  if (current) return diffFields({ ...current }, { ...wanted }, new Set(), 'rum.');
  if (!wanted.enabled) return [];
  return [stored ? { field: 'rum', before: null, after: wanted } : { field: 'rum', after: wanted }];
}
