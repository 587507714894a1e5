import { Globe } from 'lucide-react';
import type { DomainBadge as DomainBadgeData } from '../../../core/api/domains';
import { cn } from '../../lib/cn';
import { formatCount, formatDate, formatNumber } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

/** The server sends a badge only within 30 days; the last week of it is urgent. */
export const DOMAIN_DANGER_DAYS = 7;

/** "Domain example.com expires in 12 days", "Domain example.com expired on Mar 3, 2025". */
export function domainLabel(badge: DomainBadgeData, timeZone: string): string {
  const { domain, daysRemaining } = badge;
  if (daysRemaining < 0) return `Domain ${domain} expired on ${formatDate(badge.expiresAt, timeZone)}`;
  if (daysRemaining === 0) return `Domain ${domain} expires in less than a day`;
  return `Domain ${domain} expires in ${formatCount(daysRemaining, 'day', 'days')}`;
}

/** A globe and the days left on the monitor's domain registration, once it expires within 30 days. */
export function DomainBadge({ domain }: { domain: DomainBadgeData | null | undefined }) {
  const timeZone = useTimeZone();
  if (!domain) return null;
  const label = domainLabel(domain, timeZone);
  return (
    <span
      title={label}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        domain.daysRemaining < DOMAIN_DANGER_DAYS
          ? 'bg-danger-soft text-danger border-danger/30'
          : 'bg-warning/10 text-warning border-warning/30',
      )}
    >
      <Globe className="size-3" aria-hidden />
      <span aria-hidden>
        {domain.daysRemaining < 0 ? 'Expired' : `${formatNumber(domain.daysRemaining)}d`}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
