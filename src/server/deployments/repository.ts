// Row <-> API shape for deployments, and the owner-scoped reads every route goes through.
// A page of deployments is completed with three queries (monitors, incidents, maintenance
// windows), never one per row.
import type { Kysely } from 'kysely';
import type { Deployment } from '../../core/api/deployments.ts';
import type { DeploymentTable } from '../platform/db/deployment-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';

/** An incident this soon after a deployment, on one of its monitors, may have been caused by it. */
export const INCIDENT_LINK_WINDOW_MS = 30 * 60_000;

export function deploymentNotFound(): ApiError {
  return new ApiError(404, 'deployment_not_found', 'No deployment with that id exists in your account.');
}

export async function getOwnedDeploymentRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<DeploymentTable> {
  const row = await db
    .selectFrom('deployments')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw deploymentNotFound();
  return row;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => string) {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
}

/** The deployments with their monitors and the incidents that followed within 30 minutes. */
export async function toDeployments(
  db: Kysely<Database>,
  workspaceId: string,
  rows: readonly DeploymentTable[],
): Promise<Deployment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const monitors = await db
    .selectFrom('deployment_monitors')
    .innerJoin('monitors', 'monitors.id', 'deployment_monitors.monitor_id')
    .select([
      'deployment_monitors.deployment_id',
      'deployment_monitors.monitor_id',
      'deployment_monitors.triggered',
    ])
    .where('deployment_monitors.deployment_id', 'in', ids)
    .where('monitors.workspace_id', '=', workspaceId)
    .orderBy('monitors.name')
    .orderBy('monitors.id')
    .execute();
  const incidents = await db
    .selectFrom('deployment_monitors')
    .innerJoin('deployments', 'deployments.id', 'deployment_monitors.deployment_id')
    .innerJoin('incident_monitors', 'incident_monitors.monitor_id', 'deployment_monitors.monitor_id')
    .innerJoin('incidents', 'incidents.id', 'incident_monitors.incident_id')
    .select(['deployments.id as deployment_id', 'incidents.id as incident_id'])
    .distinct()
    .where('deployment_monitors.deployment_id', 'in', ids)
    .where('deployments.workspace_id', '=', workspaceId)
    .where('incidents.workspace_id', '=', workspaceId)
    .whereRef('incidents.started_at', '>=', 'deployments.deployed_at')
    .where((eb) =>
      eb('incidents.started_at', '<=', eb('deployments.deployed_at', '+', INCIDENT_LINK_WINDOW_MS)),
    )
    .orderBy('incidents.id')
    .execute();
  const windows = await db
    .selectFrom('maintenance_windows')
    .select(['id', 'deployment_id'])
    .where('deployment_id', 'in', ids)
    .where('workspace_id', '=', workspaceId)
    .execute();
  const windowOf = new Map(windows.map((window) => [window.deployment_id, window.id]));
  const monitorIds = groupBy(
    monitors,
    (m) => m.deployment_id,
    (m) => m.monitor_id,
  );
  const triggered = groupBy(
    monitors.filter((m) => m.triggered === 1),
    (m) => m.deployment_id,
    (m) => m.monitor_id,
  );
  const incidentIds = groupBy(
    incidents,
    (i) => i.deployment_id,
    (i) => i.incident_id,
  );
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    version: row.version,
    environment: row.environment,
    commitSha: row.commit_sha,
    branch: row.branch,
    url: row.url,
    status: row.status,
    providerUrl: row.provider_url,
    deployedAt: row.deployed_at,
    createdAt: row.created_at,
    monitorIds: monitorIds.get(row.id) ?? [],
    triggeredMonitorIds: triggered.get(row.id) ?? [],
    incidentIds: incidentIds.get(row.id) ?? [],
    maintenanceWindowId: windowOf.get(row.id) ?? null,
  }));
}

export async function loadDeployment(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<Deployment> {
  const [deployment] = await toDeployments(db, workspaceId, [
    await getOwnedDeploymentRow(db, workspaceId, id),
  ]);
  if (!deployment) throw deploymentNotFound();
  return deployment;
}
