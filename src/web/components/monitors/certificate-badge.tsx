import { Lock } from 'lucide-react';
import type { SslBadge } from '../../../core/api/ssl';
import { cn } from '../../lib/cn';
import { formatCount, formatDate, formatNumber } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

/** Under this many days left the badge turns to the warning colour (issue 7). */
export const BADGE_WARNING_DAYS = 14;

type Tone = 'good' | 'warning' | 'danger';

const TONE: Record<Tone, string> = {
  good: 'bg-surface text-muted border-border',
  warning: 'bg-warning/10 text-warning border-warning/30',
  danger: 'bg-danger-soft text-danger border-danger/30',
};

export function badgeTone(ssl: SslBadge): Tone {
  if (ssl.daysRemaining <= 0 || ssl.problemCount > 0) return 'danger';
  return ssl.daysRemaining < BADGE_WARNING_DAYS ? 'warning' : 'good';
}

/** "Certificate expires in 12 days", "Certificate expired on Mar 3, 2025", plus any problems. */
export function certificateLabel(ssl: SslBadge, timeZone: string): string {
  const expiry =
    ssl.daysRemaining < 0
      ? `Certificate expired on ${formatDate(ssl.validTo, timeZone)}`
      : ssl.daysRemaining === 0
        ? 'Certificate expires in less than a day'
        : `Certificate expires in ${formatCount(ssl.daysRemaining, 'day', 'days')}`;
  return ssl.problemCount > 0 ? `${expiry}; ${formatCount(ssl.problemCount, 'problem', 'problems')}` : expiry;
}

/** A lock and the days left on the monitor's certificate; nothing before its first check. */
export function CertificateBadge({
  ssl,
  className,
}: {
  ssl: SslBadge | null | undefined;
  className?: string;
}) {
  const timeZone = useTimeZone();
  if (!ssl) return null;
  const label = certificateLabel(ssl, timeZone);
  return (
    <span
      title={label}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        TONE[badgeTone(ssl)],
        className,
      )}
    >
      <Lock className="size-3" aria-hidden />
      <span aria-hidden>{ssl.daysRemaining < 0 ? 'Expired' : `${formatNumber(ssl.daysRemaining)}d`}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
