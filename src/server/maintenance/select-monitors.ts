// Which monitors a deployment affects: the ones named; else those whose URL host is the
// deployment's host; else (no URL) every monitor of the account.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';

export type MonitorSelection =
  | { kind: 'ids'; ids: readonly string[] }
  /** `orAll`: a provider's production deploy whose hosts no monitor watches affects every monitor. */
  | { kind: 'hosts'; hosts: readonly string[]; orAll: boolean }
  | { kind: 'all' };

export interface AffectedMonitor {
  id: string;
  paused: number;
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export async function selectMonitors(
  db: Kysely<Database>,
  workspaceId: string,
  selection: MonitorSelection,
): Promise<AffectedMonitor[]> {
  if (selection.kind === 'ids') {
    const ids = [...new Set(selection.ids)];
    if (ids.length === 0) return [];
    const found = await db
      .selectFrom('monitors')
      .select(['id', 'paused'])
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((id) => !found.some((monitor) => monitor.id === id));
    if (missing.length > 0) {
      throw new ApiError(
        404,
        'monitor_not_found',
        `No monitor with the id ${missing[0]} exists in your account.`,
      );
    }
    return found;
  }
  const all = await db
    .selectFrom('monitors')
    .select(['id', 'paused', 'url'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const affected =
    selection.kind === 'all'
      ? all
      : all.filter((monitor) => {
          const host = hostOf(monitor.url);
          return host !== null && selection.hosts.includes(host);
        });
  const chosen = affected.length === 0 && selection.kind === 'hosts' && selection.orAll ? all : affected;
  return chosen.map(({ id, paused }) => ({ id, paused }));
}
