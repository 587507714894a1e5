import type { FieldMetricSummary } from '../../../../core/api/field';
import { cn } from '../../../lib/cn';
import { FIELD_RATING_FILL, FIELD_RATING_LABELS, formatShare, RATINGS } from './field-format';

/** Each rating's share of the measured page views, CrUX's order: good, needs improvement, poor. */
export function ratingShares(summary: FieldMetricSummary) {
  return RATINGS.map((rating) => ({
    rating,
    share: summary.count === 0 ? 0 : summary[rating] / summary.count,
  }));
}

/** A CrUX-style stacked bar of good / needs improvement / poor page views, with its figures in words. */
export function RatingBar({ summary }: { summary: FieldMetricSummary }) {
  if (summary.count === 0) return <div className="h-2 rounded-full bg-surface" aria-hidden />;
  const shares = ratingShares(summary);
  const described = shares
    .map(({ rating, share }) => `${FIELD_RATING_LABELS[rating]} ${formatShare(share)}`)
    .join(', ');
  return (
    <div className="flex flex-col gap-1">
      <div
        className="flex h-2 gap-px overflow-hidden rounded-full bg-surface"
        role="img"
        aria-label={described}
      >
        {shares.map(({ rating, share }) =>
          share === 0 ? null : (
            <div key={rating} className={FIELD_RATING_FILL[rating]} style={{ width: `${share * 100}%` }} />
          ),
        )}
      </div>
      <div className="flex justify-between gap-1 text-[11px] tabular-nums text-muted" aria-hidden>
        {shares.map(({ rating, share }) => (
          <span key={rating} className="flex items-center gap-1">
            <span className={cn('size-1.5 rounded-full', FIELD_RATING_FILL[rating])} />
            {formatShare(share)}
          </span>
        ))}
      </div>
    </div>
  );
}
