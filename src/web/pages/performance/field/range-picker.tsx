import type { FieldRange } from '../../../../core/api/field';
import { cn } from '../../../lib/cn';

export const FIELD_RANGES: readonly FieldRange[] = ['24h', '7d', '28d', '90d'];
/** Google's window for field data, as the Chrome UX Report publishes it. */
export const DEFAULT_FIELD_RANGE: FieldRange = '28d';

const RANGE_LABELS: Record<FieldRange, string> = { '24h': '24 h', '7d': '7 d', '28d': '28 d', '90d': '90 d' };
export const RANGE_WORDS: Record<FieldRange, string> = {
  '24h': 'last 24 hours',
  '7d': 'last 7 days',
  '28d': 'last 28 days',
  '90d': 'last 90 days',
};

/** The field figures' window: 24 h, 7 d, 28 d or 90 d. */
export function RangePicker({
  value,
  onChange,
}: {
  value: FieldRange;
  onChange: (range: FieldRange) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-ui border border-border p-0.5">
      <legend className="sr-only">Range</legend>
      {FIELD_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          title={RANGE_WORDS[range]}
          onClick={() => onChange(range)}
          className={cn(
            'cursor-pointer rounded-[calc(var(--radius-ui)-2px)] px-3 py-1 text-sm font-medium text-muted hover:text-fg',
            value === range && 'bg-surface text-fg',
          )}
        >
          {RANGE_LABELS[range]}
        </button>
      ))}
    </fieldset>
  );
}
