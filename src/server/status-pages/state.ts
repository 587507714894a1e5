// The overall state of a set of monitors, by SPEC's rule: more than half down is a major outage,
// any down a partial one, none down but any degraded is degraded performance.
import type { StatusPageState } from '../../core/api/status-pages.ts';
import type { MonitorStatus } from '../db/schema.ts';

export function overallState(statuses: readonly MonitorStatus[]): StatusPageState {
  const down = statuses.filter((status) => status === 'down').length;
  if (down > statuses.length / 2) return 'major_outage';
  if (down > 0) return 'partial_outage';
  if (statuses.includes('degraded')) return 'degraded';
  return 'operational';
}
