// The deployments that may have caused an incident: its monitors' deployments in the 30
// minutes before it started, newest first, in one query.
import type { Kysely } from 'kysely';
import type { Incident } from '../../core/api/incidents.ts';
import type { Database } from '../platform/db/schema.ts';
import { INCIDENT_LINK_WINDOW_MS } from './repository.ts';

export async function deploymentsBeforeIncident(
  db: Kysely<Database>,
  workspaceId: string,
  incidentId: string,
  startedAt: number,
): Promise<NonNullable<Incident['deployments']>> {
  const rows = await db
    .selectFrom('deployments')
    .innerJoin('deployment_monitors', 'deployment_monitors.deployment_id', 'deployments.id')
    .innerJoin('incident_monitors', 'incident_monitors.monitor_id', 'deployment_monitors.monitor_id')
    .select(['deployments.id', 'deployments.version', 'deployments.provider', 'deployments.deployed_at'])
    .distinct()
    .where('incident_monitors.incident_id', '=', incidentId)
    .where('deployments.workspace_id', '=', workspaceId)
    .where('deployments.deployed_at', '>=', startedAt - INCIDENT_LINK_WINDOW_MS)
    .where('deployments.deployed_at', '<=', startedAt)
    .orderBy('deployments.deployed_at', 'desc')
    .orderBy('deployments.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    provider: row.provider,
    deployedAt: row.deployed_at,
  }));
}
