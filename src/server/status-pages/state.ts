// The overall state of a set of monitors, by SPEC's rule: more than half down is a major outage,
// any down a partial one, none down but any degraded is degraded performance. A monitor in a
// maintenance window counts as maintenance whatever its status: with nothing worse elsewhere, the
// page is under maintenance.
import type { StatusPageState } from '../../core/api/status-pages.ts';
import type { MonitorStatus } from '../db/schema.ts';

export function overallState(statuses: readonly (MonitorStatus | 'maintenance')[]): StatusPageState {
  const down = statuses.filter((status) => status === 'down').length;
  if (down > statuses.length / 2) return 'major_outage';
  if (down > 0) return 'partial_outage';
  if (statuses.includes('degraded')) return 'degraded';
  if (statuses.includes('maintenance')) return 'under_maintenance';
  return 'operational';
}

/** A monitor's status as a page counts it: maintenance while a window covers it. */
export function shownStatus(
  monitor: { status: MonitorStatus; maintenance_until?: number | null },
  now: number,
): MonitorStatus | 'maintenance' {
  const until = monitor.maintenance_until ?? null;
  return until !== null && Number(until) > now ? 'maintenance' : monitor.status;
}
