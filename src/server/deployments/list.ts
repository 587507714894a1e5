// A page of the account's deployments, newest first, keyset-paginated on (deployed_at, id),
// optionally those of one monitor and within a time range.
import type { Kysely } from 'kysely';
import type { DeploymentList } from '../../core/api/deployments.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import { decodeCursor, slicePage } from '../platform/http/cursor.ts';
import { ApiError } from '../platform/http/errors.ts';
import { toDeployments } from './repository.ts';

export interface DeploymentListQuery {
  monitor_id?: string;
  /** Epoch ms, inclusive bounds on deployed_at. */
  from?: number;
  to?: number;
  cursor?: string;
  limit: number;
}

export async function listDeployments(
  db: Kysely<Database>,
  workspaceId: string,
  query: DeploymentListQuery,
): Promise<DeploymentList> {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new ApiError(400, 'invalid_range', '`from` must not be later than `to`.');
  }
  let select = db
    .selectFrom('deployments')
    .selectAll('deployments')
    .where('deployments.workspace_id', '=', workspaceId);
  if (query.monitor_id !== undefined) {
    await getOwnedMonitorRow(db, workspaceId, query.monitor_id);
    const monitorId = query.monitor_id;
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('deployment_monitors')
          .select('deployment_monitors.monitor_id')
          .whereRef('deployment_monitors.deployment_id', '=', 'deployments.id')
          .where('deployment_monitors.monitor_id', '=', monitorId),
      ),
    );
  }
  if (query.from !== undefined) select = select.where('deployed_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('deployed_at', '<=', query.to);
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([eb('deployed_at', '<', at), eb.and([eb('deployed_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = await select
    .orderBy('deployed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = slicePage(rows, query.limit, (row) => row.deployed_at);
  return { deployments: await toDeployments(db, workspaceId, page), nextCursor };
}
