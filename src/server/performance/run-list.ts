// A page of a site's runs, newest first, keyset-paginated on (queued_at, id).
import type { Kysely } from 'kysely';
import type { PerformanceRun } from '../../core/api/performance.ts';
import type { Database } from '../platform/db/schema.ts';
import { decodeCursor, slicePage } from '../platform/http/cursor.ts';
import { toRun } from './repository.ts';

export interface RunListQuery {
  cursor?: string;
  limit: number;
}

export async function listRuns(
  db: Kysely<Database>,
  workspaceId: string,
  siteId: string,
  query: RunListQuery,
): Promise<{ runs: PerformanceRun[]; nextCursor: string | null }> {
  let select = db
    .selectFrom('performance_checks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('workspace_id', '=', workspaceId);
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([eb('queued_at', '<', at), eb.and([eb('queued_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = await select
    .orderBy('queued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = slicePage(rows, query.limit, (row) => row.queued_at);
  return { runs: page.map(toRun), nextCursor };
}
