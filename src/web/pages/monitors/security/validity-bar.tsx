import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { daysLeftText, elapsedFraction, URGENCY_FILL, URGENCY_TEXT, type Urgency } from './validity';

/** The validity period from issue to expiry, filled up to the check's time, in the urgency colour. */
export function ValidityBar({
  validFrom,
  validTo,
  checkedAt,
  daysRemaining,
  urgency,
}: {
  validFrom: number;
  validTo: number;
  checkedAt: number;
  daysRemaining: number;
  urgency: Urgency;
}) {
  const timeZone = useTimeZone();
  const elapsed = elapsedFraction(validFrom, validTo, checkedAt);
  const daysLeft = daysLeftText(daysRemaining, validTo, timeZone);
  return (
    <div>
      <p className={cn('text-2xl font-semibold tabular-nums', URGENCY_TEXT[urgency])}>{daysLeft}</p>
      {/* The days-left line above says in words what the bar draws. */}
      <div aria-hidden className="mt-3 h-2.5 overflow-hidden rounded-full bg-muted/20">
        <div
          className={cn('h-full rounded-full', URGENCY_FILL[urgency])}
          style={{ width: `${elapsed * 100}%` }}
        />
      </div>
      <div className="mt-2 flex justify-between gap-4 text-xs text-muted">
        <span>Issued {formatDate(validFrom, timeZone)}</span>
        <span>Expires {formatDate(validTo, timeZone)}</span>
      </div>
    </div>
  );
}
