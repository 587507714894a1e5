import { Plus, Trash2 } from 'lucide-react';
import type { FieldMetric } from '../../../core/api/field-vitals';
import {
  type Budget,
  type BudgetMetric,
  type BudgetSource,
  FIELD_BUDGET_DEFAULTS,
  FIELD_BUDGET_WINDOWS,
  FIELD_STREAK_BOUNDS,
  type FieldBudget,
  type FieldBudgetWindow,
  type PerformanceMetric,
} from '../../../core/api/performance';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import {
  BUDGET_SOURCE_LABELS,
  budgetMetrics,
  budgetName,
  budgetUnit,
  FIELD_WINDOW_LABELS,
  optionLabel,
} from './budget-rules';

/** Budget rows being edited: the numbers stay text until the form is sent. */
export interface BudgetDraft {
  source: BudgetSource;
  metric: BudgetMetric;
  limit: string;
  /** Field budgets: the p75's window and the streak rule (hours in a row, page views each hour). */
  window: FieldBudgetWindow;
  consecutiveHours: string;
  minPageViews: string;
}

const STREAK_LABELS = { consecutiveHours: 'hours in a row', minPageViews: 'minimum page views' } as const;

type StreakField = keyof typeof FIELD_STREAK_BOUNDS;

/** The field's whole number within its bounds, or the problem in words. */
function streakValue(field: StreakField, text: string, name: string): number | string {
  const value = Number(text);
  const { min, max } = FIELD_STREAK_BOUNDS[field];
  if (text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max) return value;
  return `Enter whole ${STREAK_LABELS[field]} from ${min} to ${max.toLocaleString('en')} for ${name}.`;
}

const streakDrafts = (rule: { consecutiveHours: number; minPageViews: number }) => ({
  consecutiveHours: String(rule.consecutiveHours),
  minPageViews: String(rule.minPageViews),
});

const SOURCES: readonly BudgetSource[] = ['lab', 'field'];

export function toDrafts(budgets: readonly Budget[]): BudgetDraft[] {
  return budgets.map((budget) => ({
    window: budget.source === 'field' ? budget.window : FIELD_BUDGET_DEFAULTS.window,
    ...streakDrafts(budget.source === 'field' ? budget : FIELD_BUDGET_DEFAULTS),
    source: budget.source ?? 'lab',
    metric: budget.metric,
    limit: String(budget.limit),
  }));
}

/** The drafts as budgets, or the first problem in words. Lab budgets keep their old shape. */
export function fromDrafts(drafts: readonly BudgetDraft[]): Budget[] | string {
  const budgets: Budget[] = [];
  for (const draft of drafts) {
    const limit = Number(draft.limit);
    if (draft.limit.trim() === '' || !Number.isFinite(limit) || limit < 0) {
      return `Enter a limit of 0 or more for ${budgetName(draft.source, draft.metric)}.`;
    }
    if (draft.source === 'field') {
      const name = budgetName(draft.source, draft.metric);
      const consecutiveHours = streakValue('consecutiveHours', draft.consecutiveHours, name);
      if (typeof consecutiveHours === 'string') return consecutiveHours;
      const minPageViews = streakValue('minPageViews', draft.minPageViews, name);
      if (typeof minPageViews === 'string') return minPageViews;
      const { window } = draft;
      const field: FieldBudget = {
        source: 'field',
        metric: draft.metric as FieldMetric,
        limit,
        window,
        consecutiveHours,
        minPageViews,
      };
      budgets.push(field);
    } else {
      budgets.push({ metric: draft.metric as PerformanceMetric, limit });
    }
  }
  return budgets;
}

const keyOf = (source: BudgetSource, metric: BudgetMetric) => `${source}:${metric}`;

function unusedOf(value: readonly BudgetDraft[], source: BudgetSource): BudgetMetric[] {
  const used = new Set(value.map((draft) => keyOf(draft.source, draft.metric)));
  return budgetMetrics(source).filter((metric) => !used.has(keyOf(source, metric)));
}

function newDraft(source: BudgetSource, metric: BudgetMetric): BudgetDraft {
  return {
    window: FIELD_BUDGET_DEFAULTS.window,
    ...streakDrafts(FIELD_BUDGET_DEFAULTS),
    source,
    metric,
    limit: '',
  };
}

/** One row per budgeted metric and source (lab or field); each at most once, as the API requires. */
export function BudgetsEditor({
  value,
  onChange,
}: {
  value: BudgetDraft[];
  onChange: (next: BudgetDraft[]) => void;
}) {
  const update = (index: number, patch: Partial<BudgetDraft>) =>
    onChange(value.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const switchSource = (index: number, source: BudgetSource) => {
    const others = value.filter((_, at) => at !== index);
    const [metric] = unusedOf(others, source);
    if (metric) update(index, { source, metric });
  };
  const nextSource = SOURCES.find((source) => unusedOf(value, source).length > 0);
  return (
    <div className="flex flex-col gap-2">
      {value.length === 0 ? <p className="text-sm text-muted">No budgets: runs are not judged.</p> : null}
      <ul className="flex flex-col gap-2" aria-label="Budgets">
        {value.map((draft, index) => {
          const name = budgetName(draft.source, draft.metric);
          const metrics = [draft.metric, ...unusedOf(value, draft.source)];
          return (
            <li key={keyOf(draft.source, draft.metric)} className="flex flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <NativeSelect
                  aria-label={`${name} source`}
                  value={draft.source}
                  onChange={(event) => switchSource(index, event.target.value as BudgetSource)}
                  className="w-44"
                >
                  {SOURCES.map((source) => (
                    <option key={source} value={source}>
                      {BUDGET_SOURCE_LABELS[source]}
                    </option>
                  ))}
                </NativeSelect>
                <NativeSelect
                  aria-label="Metric"
                  value={draft.metric}
                  onChange={(event) => update(index, { metric: event.target.value as BudgetMetric })}
                  className="min-w-40 flex-1"
                >
                  {metrics.map((metric) => (
                    <option key={metric} value={metric}>
                      {optionLabel(draft.source, metric)}
                    </option>
                  ))}
                </NativeSelect>
                {draft.source === 'field' ? (
                  <NativeSelect
                    aria-label={`${name} window`}
                    value={draft.window}
                    onChange={(event) => update(index, { window: event.target.value as FieldBudgetWindow })}
                    className="w-36"
                  >
                    {FIELD_BUDGET_WINDOWS.map((window) => (
                      <option key={window} value={window}>
                        {FIELD_WINDOW_LABELS[window]}
                      </option>
                    ))}
                  </NativeSelect>
                ) : null}
                <Input
                  aria-label={`${name} limit`}
                  inputMode="decimal"
                  value={draft.limit}
                  onChange={(event) => update(index, { limit: event.target.value })}
                  className="w-28"
                />
                <span className="min-w-6 shrink-0 text-xs text-muted">
                  {budgetUnit(draft.source, draft.metric)}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove the ${name} budget`}
                  onClick={() => onChange(value.filter((_, at) => at !== index))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
              {draft.source === 'field' ? (
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  {(['consecutiveHours', 'minPageViews'] as const).map((field) => (
                    <span key={field} className="flex items-center gap-1">
                      <label htmlFor={`${keyOf(draft.source, draft.metric)}-${field}`}>
                        {field === 'consecutiveHours' ? 'Hours in a row' : 'Minimum page views'}
                      </label>
                      <Input
                        id={`${keyOf(draft.source, draft.metric)}-${field}`}
                        type="number"
                        inputMode="numeric"
                        aria-label={`${name} ${STREAK_LABELS[field]}`}
                        min={FIELD_STREAK_BOUNDS[field].min}
                        max={FIELD_STREAK_BOUNDS[field].max}
                        step={1}
                        value={draft[field]}
                        onChange={(event) => update(index, { [field]: event.target.value })}
                        className="w-28"
                      />
                    </span>
                  ))}
                </div>
              ) : null}
              {draft.source === 'field' ? (
                <p className="text-xs text-muted">
                  {`Alerts once the p75 is over budget ${draft.consecutiveHours} hours in a row with at least ${draft.minPageViews} page views, and recovers the same way.`}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {nextSource ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              onChange([...value, newDraft(nextSource, unusedOf(value, nextSource)[0] as BudgetMetric)])
            }
          >
            <Plus className="size-4" aria-hidden />
            Add budget
          </Button>
        </div>
      ) : null}
    </div>
  );
}
