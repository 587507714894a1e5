import { type Kysely, sql } from 'kysely';
import type { DomainBadge } from '../../core/api/domains.ts';
import type { Monitor, MonitorStatus } from '../../core/api/monitors.ts';
import type { SslBadge } from '../../core/api/ssl.ts';
import { listDomainBadges } from '../domains/overview.ts';
import { toMonitor } from '../monitors/repository.ts';
import { staleWhere } from '../monitors/staleness.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { listSslBadges } from '../ssl/overview.ts';

export interface MonitorListQuery {
  cursor?: string;
  limit: number;
  /** Case-insensitive match on name or URL. */
  q?: string;
  status?: MonitorStatus;
}

function encodeCursor(createdAt: number, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): [number, string] {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'number' && typeof id === 'string') return [createdAt, id];
  } catch {
    // falls through to the error below
  }
  throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this API returned.');
}

/**
 * Oldest first, keyset-paginated on (created_at, id) so pages stay stable while monitors are added;
 * each with its certificate badge (null until an https monitor's certificate was read).
 */
export async function listMonitors(
  db: Kysely<Database>,
  workspaceId: string,
  query: MonitorListQuery,
  now: number,
  publicUrl: string,
): Promise<{
  monitors: (Monitor & { ssl: SslBadge | null; domain: DomainBadge | null })[];
  nextCursor: string | null;
}> {
  let select = db.selectFrom('monitors').selectAll().where('workspace_id', '=', workspaceId);
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([
        eb('created_at', '>', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)]),
      ]),
    );
  }
  // `stale` is read from the clock, not stored: a stored status matches only while not stale.
  if (query.status === 'stale') select = select.where(staleWhere(now));
  else if (query.status)
    select = select.where('status', '=', query.status).where((eb) => eb.not(staleWhere(now)(eb)));
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An explicit ESCAPE: SQLite's LIKE has no default escape character (PostgreSQL's is backslash).
    select = select.where(
      sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(url) like ${pattern} escape '\\')`,
    );
  }
  const rows = await select
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const ids = page.map((row) => row.id);
  const [certificates, domains] = await Promise.all([
    listSslBadges(db, workspaceId, ids, now),
    listDomainBadges(db, workspaceId, ids, now),
  ]);
  return {
    monitors: page.map((row) => ({
      ...toMonitor(row, { publicUrl, now }),
      ssl: certificates.get(row.id) ?? null,
      domain: domains.get(row.id) ?? null,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}
