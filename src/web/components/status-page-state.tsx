import { STATUS_PAGE_STATE_LABELS, type StatusPageState } from '../../core/api/status-pages';
import { cn } from '../lib/cn';

const STYLE: Record<StatusPageState, string> = {
  operational: 'bg-accent-soft text-accent border-accent/30',
  under_maintenance: 'bg-indigo-500/10 text-indigo-600 border-indigo-500/30 dark:text-indigo-300',
  degraded: 'bg-warning/10 text-warning border-warning/30',
  partial_outage: 'bg-warning/10 text-warning border-warning/30',
  major_outage: 'bg-danger-soft text-danger border-danger/30',
};

/** A status page's overall state, in the words its visitors read. */
export function StatusPageStateBadge({ state, className }: { state: StatusPageState; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLE[state],
        className,
      )}
    >
      {STATUS_PAGE_STATE_LABELS[state]}
    </span>
  );
}

/** The page's address as a plain link: public pages are rendered by the server, not the SPA. */
export function PublicLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="min-w-0 truncate font-mono text-sm text-accent underline-offset-2 hover:underline"
    >
      {href}
    </a>
  );
}
