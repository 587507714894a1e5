// The overall state of a set of monitors, by SPEC's rule: more than half down is a major outage,
// any down a partial one, none down but any degraded is degraded performance. A monitor in a
// maintenance window counts as maintenance whatever its status: with nothing worse elsewhere, the
// page is under maintenance. A stale monitor (no result for twice its interval plus its timeout)
// is not known to be up, so the headline says degraded rather than all is well.

import type { MonitorStatus as ShownStatus } from '../../core/api/monitors.ts';
import type { StatusPageState } from '../../core/api/status-pages.ts';
import { type StalenessFacts, shownStatus as staleOrStored } from '../monitors/staleness.ts';

export function overallState(statuses: readonly (ShownStatus | 'maintenance')[]): StatusPageState {
  const down = statuses.filter((status) => status === 'down').length;
  if (down > statuses.length / 2) return 'major_outage';
  if (down > 0) return 'partial_outage';
  if (statuses.includes('degraded') || statuses.includes('stale')) return 'degraded';
  if (statuses.includes('maintenance')) return 'under_maintenance';
  return 'operational';
}

/** A monitor's status as a page counts it: maintenance while a window covers it, else stale or its own. */
export function shownStatus(monitor: StalenessFacts, now: number): ShownStatus | 'maintenance' {
  const until = monitor.maintenance_until ?? null;
  return until !== null && Number(until) > now ? 'maintenance' : staleOrStored(monitor, now);
}
