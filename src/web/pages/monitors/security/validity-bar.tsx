import { cn } from '../../../lib/cn';
import { formatDate, formatNumber } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { daysLeftText, remainingFraction, URGENCY_FILL, URGENCY_TEXT, type Urgency } from './validity';

/**
 * The validity period from issue to expiry; the filled part is what was left at the check, in
 * the urgency colour, so a bar running out reads as a certificate running out.
 */
export function ValidityBar({
  validFrom,
  validTo,
  checkedAt,
  daysRemaining,
  problemCount,
  urgency,
}: {
  validFrom: number;
  validTo: number;
  checkedAt: number;
  daysRemaining: number;
  problemCount: number;
  urgency: Urgency;
}) {
  const timeZone = useTimeZone();
  const remaining = remainingFraction(validFrom, validTo, checkedAt);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className={cn('text-2xl font-semibold tabular-nums', URGENCY_TEXT[urgency])}>
          {daysLeftText(daysRemaining, validTo, timeZone)}
        </span>
        {problemCount > 0 ? (
          <span className="text-sm text-danger">
            {problemCount === 1 ? '1 problem found' : `${formatNumber(problemCount)} problems found`}
          </span>
        ) : null}
      </p>
      {/* The days-left line above says in words what the bar draws. */}
      <div aria-hidden className="mt-3 h-2.5 overflow-hidden rounded-full bg-muted/20">
        <div
          className={cn('h-full min-w-1.5 rounded-full', URGENCY_FILL[urgency])}
          style={{ width: `${remaining * 100}%` }}
        />
      </div>
      <div className="mt-2 flex justify-between gap-4 text-xs text-muted">
        <span>Issued {formatDate(validFrom, timeZone)}</span>
        <span>Expires {formatDate(validTo, timeZone)}</span>
      </div>
    </div>
  );
}
