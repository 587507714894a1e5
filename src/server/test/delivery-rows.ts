// An alert delivery written straight to the database as one sent long ago, for tests and
// benchmarks that need deliveries to age, prune or claim around.
import { uuidv7 } from 'uuidv7';
import type { AlertDeliveryTable } from '../platform/db/incident-schema.ts';

export function sentDeliveryRow(
  workspaceId: string,
  monitorId: string | null,
  sentAt: number,
  overrides: Partial<AlertDeliveryTable> = {},
): AlertDeliveryTable {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    monitor_id: monitorId,
    incident_id: null,
    channel_id: null,
    kind: 'monitor.down',
    payload: '{}',
    status: 'sent',
    attempts: 1,
    next_attempt_at: null,
    last_error: null,
    claimed_until: null,
    created_at: sentAt,
    sent_at: sentAt,
    ...overrides,
  };
}
