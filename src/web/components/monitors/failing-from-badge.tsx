import { Globe } from 'lucide-react';
import type { MonitorStatus } from '../../../core/api/monitors';
import { cn } from '../../lib/cn';

/**
 * Regions whose own checks fail while the quorum still calls the monitor up (issue 21). Once the
 * monitor is down the status badge already says so, and the incident names the regions.
 */
export function FailingFromBadge({
  failingFrom,
  status,
  className,
}: {
  failingFrom: readonly string[];
  status: MonitorStatus;
  className?: string;
}) {
  if (failingFrom.length === 0 || status === 'down') return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        'border-warning/30 bg-warning/10 text-warning',
        className,
      )}
      title="Checks fail from these regions only, fewer than the quorum: no incident opens."
    >
      <Globe className="size-3" aria-hidden />
      {`Failing from ${failingFrom.join(', ')}`}
    </span>
  );
}
