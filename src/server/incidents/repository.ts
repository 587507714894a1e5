// Row <-> API shape for incidents, and the owner-scoped reads every route goes through.
import type { Kysely } from 'kysely';
import type { Incident, IncidentSummary, IncidentUpdate } from '../../core/api/incidents.ts';
import { deploymentsBeforeIncident } from '../deployments/before-incident.ts';
import { monitorNotFound } from '../monitors/repository.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';

export function incidentNotFound(): ApiError {
  return new ApiError(404, 'incident_not_found', 'No incident with that id exists in your account.');
}

/** The user's incident row, or 404 — also for another user's incident, so ids reveal nothing. */
export async function getOwnedIncidentRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<IncidentTable> {
  const row = await db
    .selectFrom('incidents')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw incidentNotFound();
  return row;
}

/** The user's monitors with these ids (each once), or 404 if any is missing or another user's. */
export async function ownedMonitors(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('monitors')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', unique)
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (rows.length !== unique.length) throw monitorNotFound();
  return rows;
}

export type SummaryRow = IncidentTable & {
  primary_monitor_name: string | null;
  monitor_count: number | string | bigint | null;
};

/** Incidents with what a list item shows: the primary monitor's name and the monitor count. */
export function selectSummaryRows(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('incidents')
    .leftJoin('monitors', 'monitors.id', 'incidents.primary_monitor_id')
    .selectAll('incidents')
    .select('monitors.name as primary_monitor_name')
    .select((eb) =>
      eb
        .selectFrom('incident_monitors')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('incident_monitors.incident_id', '=', 'incidents.id')
        .as('monitor_count'),
    )
    .where('incidents.workspace_id', '=', workspaceId);
}

export function toSummary(row: SummaryRow, now: number): IncidentSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    severity: row.severity,
    source: row.source,
    flapping: row.flapping_since !== null,
    startedAt: row.started_at,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
    durationMs: Math.max(0, (row.resolved_at ?? now) - row.started_at),
    primaryMonitor:
      row.primary_monitor_id && row.primary_monitor_name !== null
        ? { id: row.primary_monitor_id, name: row.primary_monitor_name }
        : null,
    relatedMonitorCount: Number(row.monitor_count ?? 0),
  };
}

function parseFollowUps(json: string | null): string[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

const actor = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

/** The incident as the detail screen shows it; 404 unless the user owns it. */
export async function loadIncident(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: number,
): Promise<Incident> {
  const row = await selectSummaryRows(db, workspaceId).where('incidents.id', '=', id).executeTakeFirst();
  if (!row) throw incidentNotFound();
  const monitors = await db
    .selectFrom('incident_monitors')
    .innerJoin('monitors', 'monitors.id', 'incident_monitors.monitor_id')
    .select(['monitors.id', 'monitors.name', 'monitors.url', 'monitors.status'])
    .where('incident_monitors.incident_id', '=', id)
    .where('monitors.workspace_id', '=', workspaceId)
    .orderBy('monitors.name')
    .orderBy('monitors.id')
    .execute();
  const update = await db
    .selectFrom('incident_updates')
    .leftJoin('user', 'user.id', 'incident_updates.author_id')
    .selectAll('incident_updates')
    .select('user.name as author_name')
    .where('incident_updates.incident_id', '=', id)
    .orderBy('incident_updates.created_at', 'desc')
    .orderBy('incident_updates.id', 'desc')
    .executeTakeFirst();
  const latestUpdate: IncidentUpdate | null = update
    ? {
        id: update.id,
        status: update.status,
        message: update.message,
        author: actor(update.author_id, update.author_name),
        createdAt: update.created_at,
      }
    : null;
  const acknowledger = row.acknowledged_by
    ? await db.selectFrom('user').select('name').where('id', '=', row.acknowledged_by).executeTakeFirst()
    : undefined;
  const policy = row.escalation_policy_id
    ? await db
        .selectFrom('escalation_policies')
        .select(['id', 'name'])
        .where('id', '=', row.escalation_policy_id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    : undefined;
  return {
    ...toSummary(row, now),
    flappingSince: row.flapping_since,
    acknowledgement:
      row.acknowledged_at === null
        ? null
        : {
            at: row.acknowledged_at,
            by: actor(row.acknowledged_by ?? null, acknowledger?.name ?? null),
            via: row.acknowledged_via ?? null,
            label: row.acknowledged_label ?? null,
          },
    escalation:
      (row.escalation_round ?? 0) === 0
        ? null
        : {
            policy: policy ?? null,
            round: row.escalation_round ?? 0,
            nextAt: row.next_escalation_at ?? null,
          },
    monitors: monitors.map((monitor) => ({ ...monitor, primary: monitor.id === row.primary_monitor_id })),
    latestUpdate,
    resolution: {
      rootCause: row.root_cause,
      summary: row.summary,
      followUps: parseFollowUps(row.follow_ups),
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deployments: await deploymentsBeforeIncident(db, workspaceId, id, row.started_at),
  };
}

/** The timeline, oldest first, with each actor's name. */
export async function loadTimeline(db: Kysely<Database>, incidentId: string) {
  const rows = await db
    .selectFrom('incident_events')
    .leftJoin('user', 'user.id', 'incident_events.actor_id')
    .selectAll('incident_events')
    .select('user.name as actor_name')
    .where('incident_events.incident_id', '=', incidentId)
    .orderBy('incident_events.at')
    .orderBy('incident_events.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: row.kind,
    message: row.message,
    actor: actor(row.actor_id, row.actor_name),
  }));
}
