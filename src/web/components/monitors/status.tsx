import type { MonitorStatus } from '../../../core/api/monitors';
import { cn } from '../../lib/cn';

export const STATUS_LABELS: Record<MonitorStatus, string> = {
  up: 'Up',
  down: 'Down',
  degraded: 'Degraded',
  paused: 'Paused',
  pending: 'Pending',
  stale: 'Stale',
};

const DOT: Record<MonitorStatus, string> = {
  up: 'bg-accent',
  down: 'bg-danger',
  degraded: 'bg-warning',
  paused: 'bg-muted',
  pending: 'bg-sky-500',
  stale: 'bg-orange-500',
};

const BADGE: Record<MonitorStatus, string> = {
  up: 'bg-accent-soft text-accent border-accent/30',
  down: 'bg-danger-soft text-danger border-danger/30',
  degraded: 'bg-warning/10 text-warning border-warning/30',
  paused: 'bg-surface text-muted border-border',
  pending: 'bg-sky-500/10 text-sky-600 border-sky-500/30 dark:text-sky-400',
  stale: 'bg-orange-500/10 text-orange-700 border-orange-500/30 dark:text-orange-300',
};

/** Why a badge says what it says, for the statuses whose word alone does not explain it. */
const BADGE_TITLES: Partial<Record<MonitorStatus, string>> = {
  stale: 'No check result for over twice its interval: its last status may no longer hold.',
};

export function StatusDot({ status, className }: { status: MonitorStatus; className?: string }) {
  return (
    <span className={cn('relative flex size-2.5 shrink-0', className)} aria-hidden>
      {/* Only a failing monitor pulses: the eye should go to it first. */}
      {status === 'down' ? (
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-danger opacity-60" />
      ) : null}
      <span className={cn('relative inline-flex size-2.5 rounded-full', DOT[status])} />
    </span>
  );
}

export function StatusBadge({ status, className }: { status: MonitorStatus; className?: string }) {
  return (
    <span
      title={BADGE_TITLES[status]}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        BADGE[status],
        className,
      )}
    >
      <StatusDot status={status} className="size-2" />
      {STATUS_LABELS[status]}
    </span>
  );
}
