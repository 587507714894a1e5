// Slow-answer alerts (issue 19), for monitors that ask for them: one when the monitor has been
// degraded (slower than its threshold) for two checks running, so one slow answer never
// alerts, and one when it is back to normal speed after such an alert. Judged from the claimed
// row at no extra read; stored in the batch's transaction.
import type { Transaction } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { StatusState } from '../results/status-transition.ts';

/** The second degraded check in a row alerts. */
const SLOW_STREAK = 2;

export interface SpeedAlert {
  monitor: MonitorTable;
  kind: 'monitor.degraded' | 'monitor.speed_recovered';
  at: number;
  latencyMs: number;
}

export function speedAlertOf(
  monitor: MonitorTable,
  state: StatusState,
  latencyMs: number,
  at: number,
): SpeedAlert | null {
  if (monitor.alert_on_degraded !== 1) return null;
  if (state.status === 'degraded' && state.streak === SLOW_STREAK) {
    return { monitor, kind: 'monitor.degraded', at, latencyMs };
  }
  const alerted = monitor.status === 'degraded' && monitor.streak >= SLOW_STREAK;
  if (alerted && state.status === 'up') return { monitor, kind: 'monitor.speed_recovered', at, latencyMs };
  return null;
}

export async function enqueueSpeedAlert(tx: Transaction<Database>, alert: SpeedAlert): Promise<void> {
  const { monitor } = alert;
  const event: AlertEvent = {
    kind: alert.kind,
    at: alert.at,
    monitor: { id: monitor.id, name: monitor.name, url: kindOf(monitor).target(monitor) },
    incident: null,
    failure: null,
    downtimeMs: null,
    slow: { latencyMs: alert.latencyMs, thresholdMs: monitor.degraded_above_ms ?? 0 },
  };
  await enqueueAlert(tx, { workspaceId: monitor.workspace_id, incidentId: null, event, now: alert.at });
}
