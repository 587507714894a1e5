// A page of a site's runs, newest first, keyset-paginated on (queued_at, id).
import type { Kysely } from 'kysely';
import type { PerformanceRun } from '../../core/api/performance.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { toRun } from './repository.ts';

export interface RunListQuery {
  cursor?: string;
  limit: number;
}

function encodeCursor(at: number, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decodeCursor(cursor: string): [number, string] {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at === 'number' && typeof id === 'string') return [at, id];
  } catch {
    // falls through to the 400
  }
  throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this API returned.');
}

export async function listRuns(
  db: Kysely<Database>,
  userId: string,
  siteId: string,
  query: RunListQuery,
): Promise<{ runs: PerformanceRun[]; nextCursor: string | null }> {
  let select = db
    .selectFrom('performance_checks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId);
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
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    runs: page.map(toRun),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.queued_at, last.id) : null,
  };
}
