// Telling subscribers starts here: the incident and maintenance code calls these inside the
// transaction of the change, and they write one notice row (never a row per subscriber, so the
// check path's transaction stays as cheap as one indexed lookup when nobody subscribed). The
// subscriber job expands notices into deliveries later.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { IncidentStatus } from '../../platform/db/incident-schema.ts';
import type { MaintenanceWindowTable } from '../../platform/db/maintenance-schema.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { NoticeKind } from '../../platform/db/subscriber-schema.ts';

const MINUTE_MS = 60_000;

export interface IncidentNotice {
  id: string;
  /** An automatic incident's title names the monitor; each page names it its own way. */
  title: string;
  automatic: boolean;
  primaryMonitorId: string | null;
  status: IncidentStatus;
  /** The public update that was posted, if the notice carries one. */
  message: string | null;
  startedAt: number;
  resolvedAt: number | null;
}

export interface MaintenanceNotice {
  id: string;
  name: string;
  startsAt: number;
  endsAt: number;
}

export type NoticePayload = { incident: IncidentNotice } | { maintenance: MaintenanceNotice };

async function hasSubscribers(tx: Kysely<Database>, workspaceId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('status_page_subscribers')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** `monitorIds` null: the event touches every monitor of the workspace. Callers ask hasSubscribers first. */
async function writeNotice(
  tx: Kysely<Database>,
  workspaceId: string,
  kind: NoticeKind,
  monitorIds: readonly string[] | null,
  payload: NoticePayload,
  now: number,
  notBefore: number | null = null,
): Promise<void> {
  if (monitorIds?.length === 0) return;
  await tx
    .insertInto('status_page_notices')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      kind,
      monitor_ids: monitorIds ? JSON.stringify(monitorIds) : null,
      payload: JSON.stringify(payload),
      created_at: now,
      fanout_at: Math.max(now, notBefore ?? now),
      fanout_cursor: null,
    })
    .execute();
}

/**
 * An incident opened, got a public update or resolved, read as it stands in the transaction.
 * `notBefore` holds the notice back (the subscriber job drops it if the incident is gone by then).
 */
export async function announceIncident(
  tx: Kysely<Database>,
  kind: Extract<NoticeKind, `incident.${string}`>,
  incidentId: string,
  now: number,
  { message = null, notBefore = null }: { message?: string | null; notBefore?: number | null } = {},
): Promise<void> {
  const incident = await tx
    .selectFrom('incidents')
    .selectAll()
    .where('id', '=', incidentId)
    .executeTakeFirst();
  if (!incident || !(await hasSubscribers(tx, incident.workspace_id))) return;
  const monitors = await tx
    .selectFrom('incident_monitors')
    .select('monitor_id')
    .where('incident_id', '=', incidentId)
    .execute();
  const payload: NoticePayload = {
    incident: {
      id: incident.id,
      title: incident.title,
      automatic: incident.source === 'automatic',
      primaryMonitorId: incident.primary_monitor_id,
      status: incident.status,
      message,
      startedAt: Number(incident.started_at),
      resolvedAt: incident.resolved_at === null ? null : Number(incident.resolved_at),
    },
  };
  const ids = monitors.map((row) => row.monitor_id);
  await writeNotice(tx, incident.workspace_id, kind, ids, payload, now, notBefore);
}

type AnnouncedWindow = Pick<
  MaintenanceWindowTable,
  'id' | 'workspace_id' | 'name' | 'all_monitors' | 'duration_minutes'
>;
type Timing = Pick<MaintenanceWindowTable, 'active_from' | 'active_until' | 'next_occurrence_at'>;

async function announceMaintenance(
  tx: Kysely<Database>,
  window: AnnouncedWindow,
  kind: Extract<NoticeKind, `maintenance.${string}`>,
  startsAt: number,
  endsAt: number,
  now: number,
): Promise<void> {
  if (!(await hasSubscribers(tx, window.workspace_id))) return;
  const monitorIds =
    window.all_monitors === 1
      ? null
      : (
          await tx
            .selectFrom('maintenance_window_monitors')
            .select('monitor_id')
            .where('window_id', '=', window.id)
            .execute()
        ).map((row) => row.monitor_id);
  const payload: NoticePayload = { maintenance: { id: window.id, name: window.name, startsAt, endsAt } };
  await writeNotice(tx, window.workspace_id, kind, monitorIds, payload, now);
}

/** A window was just stored: its occurrence starts now, or its first one is scheduled. */
export async function announceNewWindow(
  tx: Kysely<Database>,
  window: AnnouncedWindow & Timing,
  now: number,
): Promise<void> {
  if (window.active_from !== null && window.active_until !== null) {
    await announceMaintenance(
      tx,
      window,
      'maintenance.started',
      window.active_from,
      window.active_until,
      now,
    );
  } else if (window.next_occurrence_at !== null) {
    const startsAt = Number(window.next_occurrence_at);
    const endsAt = startsAt + window.duration_minutes * MINUTE_MS;
    await announceMaintenance(tx, window, 'maintenance.scheduled', startsAt, endsAt, now);
  }
}

/** The window moved from `before` to `after`: an occurrence that began in between is announced. */
export async function announceStart(
  tx: Kysely<Database>,
  window: AnnouncedWindow,
  before: Pick<Timing, 'active_from'>,
  after: Timing,
  now: number,
): Promise<void> {
  if (after.active_from === null || after.active_until === null) return;
  if (before.active_from !== null && Number(before.active_from) === Number(after.active_from)) return;
  await announceMaintenance(
    tx,
    window,
    'maintenance.started',
    Number(after.active_from),
    Number(after.active_until),
    now,
  );
}
