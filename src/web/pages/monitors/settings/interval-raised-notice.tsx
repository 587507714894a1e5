import { ArrowUpCircle } from 'lucide-react';
import type { Monitor } from '../../../../core/api/monitors';
import { formatInterval } from '../../../lib/format';

/** After a downgrade the server slows too-fast monitors to the plan's minimum; say so here. */
export function IntervalRaisedNotice({ monitor }: { monitor: Monitor }) {
  if (monitor.intervalRaisedFromSeconds === null) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <ArrowUpCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        Your plan changed, so this monitor now checks {formatInterval(monitor.intervalSeconds)} instead of{' '}
        {formatInterval(monitor.intervalRaisedFromSeconds)}: the fastest your plan allows.{' '}
        <a href="/pricing" className="font-medium underline">
          Upgrade
        </a>{' '}
        for faster checks.
      </p>
    </div>
  );
}
