// Automatic incidents written straight to the database, as the check engine's lifecycle would
// leave them, for tests of the incident API.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';

export function automaticIncidentRow(
  workspaceId: string,
  monitorId: string,
  startedAt: number,
  overrides: Partial<IncidentTable> = {},
): IncidentTable {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    title: 'Shop is down',
    status: 'investigating',
    severity: 'major',
    source: 'automatic',
    primary_monitor_id: monitorId,
    started_at: startedAt,
    acknowledged_at: null,
    resolved_at: null,
    flapping_since: null,
    down_alerted: 1,
    recovery_alerted: 0,
    root_cause: null,
    summary: null,
    follow_ups: null,
    created_at: startedAt,
    updated_at: startedAt,
    ...overrides,
  };
}

/** Inserts the incident with its primary monitor linked and a 'detected' event. */
export async function insertAutomaticIncident(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
  startedAt: number,
  overrides: Partial<IncidentTable> = {},
): Promise<IncidentTable> {
  const row = automaticIncidentRow(workspaceId, monitorId, startedAt, overrides);
  await db.insertInto('incidents').values(row).execute();
  await db.insertInto('incident_monitors').values({ incident_id: row.id, monitor_id: monitorId }).execute();
  await db
    .insertInto('incident_events')
    .values({
      id: uuidv7(),
      incident_id: row.id,
      at: startedAt,
      kind: 'detected',
      message: 'Check failed: HTTP 503',
      actor_id: null,
    })
    .execute();
  return row;
}
