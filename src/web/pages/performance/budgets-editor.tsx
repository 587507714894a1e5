import { Plus, Trash2 } from 'lucide-react';
import { type Budget, PERFORMANCE_METRICS, type PerformanceMetric } from '../../../core/api/performance';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { METRIC_UNITS, metricLabel } from './metrics';

/** Budget rows being edited: the limit stays text until the form is sent. */
export interface BudgetDraft {
  metric: PerformanceMetric;
  limit: string;
}

export function toDrafts(budgets: readonly Budget[]): BudgetDraft[] {
  return budgets.map((budget) => ({ metric: budget.metric, limit: String(budget.limit) }));
}

/** The drafts as budgets, or the first problem in words. */
export function fromDrafts(drafts: readonly BudgetDraft[]): Budget[] | string {
  const budgets: Budget[] = [];
  for (const draft of drafts) {
    const limit = Number(draft.limit);
    if (draft.limit.trim() === '' || !Number.isFinite(limit) || limit < 0) {
      return `Enter a limit of 0 or more for ${metricLabel(draft.metric)}.`;
    }
    budgets.push({ metric: draft.metric, limit });
  }
  return budgets;
}

/** One row per budgeted metric; each metric at most once, as the API requires. */
export function BudgetsEditor({
  value,
  onChange,
}: {
  value: BudgetDraft[];
  onChange: (next: BudgetDraft[]) => void;
}) {
  const used = new Set(value.map((draft) => draft.metric));
  const unused = PERFORMANCE_METRICS.filter((metric) => !used.has(metric));
  const update = (index: number, patch: Partial<BudgetDraft>) =>
    onChange(value.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  return (
    <div className="flex flex-col gap-2">
      {value.length === 0 ? <p className="text-sm text-muted">No budgets: runs are not judged.</p> : null}
      <ul className="flex flex-col gap-2" aria-label="Budgets">
        {value.map((draft, index) => (
          <li key={draft.metric} className="flex items-center gap-2">
            <NativeSelect
              aria-label="Metric"
              value={draft.metric}
              onChange={(event) => update(index, { metric: event.target.value as PerformanceMetric })}
              className="flex-1"
            >
              {[draft.metric, ...unused].map((metric) => (
                <option key={metric} value={metric}>
                  {metricLabel(metric)}
                </option>
              ))}
            </NativeSelect>
            <Input
              aria-label={`${metricLabel(draft.metric)} limit`}
              inputMode="decimal"
              value={draft.limit}
              onChange={(event) => update(index, { limit: event.target.value })}
              className="w-28"
            />
            <span className="min-w-6 shrink-0 text-xs text-muted">{METRIC_UNITS[draft.metric]}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove the ${metricLabel(draft.metric)} budget`}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {unused.length > 0 ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange([...value, { metric: unused[0] as PerformanceMetric, limit: '' }])}
          >
            <Plus className="size-4" aria-hidden />
            Add budget
          </Button>
        </div>
      ) : null}
    </div>
  );
}
