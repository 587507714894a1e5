import type { PerformanceSite } from '../../../core/api/performance';
import { cn } from '../../lib/cn';

/** 'Within budget' / 'Over budget' after the last finished run; nothing without budgets. */
export function BudgetBadge({ status }: { status: PerformanceSite['budgetStatus'] }) {
  if (status === 'none') return null;
  const over = status === 'over';
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 font-medium',
        over ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent',
      )}
    >
      {over ? 'Over budget' : 'Within budget'}
    </span>
  );
}
