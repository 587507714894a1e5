import { Wrench } from 'lucide-react';
import type { MonitorMaintenance } from '../../../core/api/maintenance';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

export const MAINTENANCE_PILL =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ' +
  'border-indigo-500/30 bg-indigo-500/10 text-indigo-600 dark:text-indigo-300';

/** Every uptime figure's tooltip: what it leaves out. */
export const UPTIME_NOTE = 'Maintenance minutes are left out of uptime.';

/** A monitor in a maintenance window: checked, but no incident or alert until the window ends. */
export function MaintenanceBadge({ maintenance }: { maintenance: MonitorMaintenance | null }) {
  const timeZone = useTimeZone();
  if (!maintenance) return null;
  return (
    <span
      className={cn(MAINTENANCE_PILL)}
      title={`Under maintenance until ${formatDateTime(maintenance.until, timeZone, false)}: checks go on, no incident or alert until then.`}
    >
      <Wrench className="size-3" aria-hidden />
      Maintenance
    </span>
  );
}
