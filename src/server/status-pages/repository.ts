// Row <-> API shape for status pages, and the owner-scoped reads every API route goes through.
import type { Kysely } from 'kysely';
import type { StatusPage } from '../../core/api/status-pages.ts';
import {
  STALENESS_COLUMNS,
  type StalenessFacts,
  shownStatus as staleOrStored,
} from '../monitors/staleness.ts';
import type { Database } from '../platform/db/schema.ts';
import type { StatusPageRow } from '../platform/db/status-page-schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { extraOutput } from './page-extras.ts';
import { readSections, sectionsOnPage } from './sections.ts';
import { overallState, shownStatus } from './state.ts';

export interface PageMonitorRow extends StalenessFacts {
  status_page_id: string;
  monitor_id: string;
  display_name: string | null;
  name: string;
}

export function statusPageNotFound(): ApiError {
  return new ApiError(404, 'status_page_not_found', 'No status page with that id exists in your account.');
}

export function toStatusPage(
  row: StatusPageRow,
  monitors: readonly PageMonitorRow[],
  publicUrl: string,
  now: number,
): StatusPage {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    monitors: monitors.map((monitor) => ({
      monitorId: monitor.monitor_id,
      displayName: monitor.display_name,
      monitorName: monitor.name,
      status: staleOrStored(monitor, now),
    })),
    logoUrl: row.logo_url,
    accentColor: row.accent_color,
    published: row.published === 1,
    showResponseTimes: row.show_response_times === 1,
    removeBranding: row.remove_branding === 1,
    language: row.language,
    sections: sectionsOnPage(
      readSections(row.sections),
      monitors.map((monitor) => monitor.monitor_id),
    ),
    ...extraOutput(row, publicUrl),
    state: overallState(monitors.map((monitor) => shownStatus(monitor, now))),
    publicUrl: `${publicUrl}/status/${row.slug}`,
    managedKey: row.managed_key ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The user's page row, or 404 — also for another user's page, so ids reveal nothing. */
export async function getOwnedPageRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<StatusPageRow> {
  const row = await db
    .selectFrom('status_pages')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw statusPageNotFound();
  return row;
}

/** The monitors of several pages in one query, each page's in display order. */
export async function loadPageMonitors(
  db: Kysely<Database>,
  pageIds: readonly string[],
): Promise<Map<string, PageMonitorRow[]>> {
  const byPage = new Map<string, PageMonitorRow[]>(pageIds.map((id) => [id, []]));
  if (pageIds.length === 0) return byPage;
  const rows = await db
    .selectFrom('status_page_monitors')
    .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
    .select([
      'status_page_monitors.status_page_id',
      'status_page_monitors.monitor_id',
      'status_page_monitors.display_name',
      'monitors.name',
      'monitors.status',
      'monitors.maintenance_until',
      ...STALENESS_COLUMNS,
    ])
    .where('status_page_monitors.status_page_id', 'in', pageIds)
    .orderBy('status_page_monitors.status_page_id')
    .orderBy('status_page_monitors.position')
    .execute();
  for (const row of rows) byPage.get(row.status_page_id)?.push(row);
  return byPage;
}

/** Refuses ids that are not the user's monitors (unknown or another user's) in one query. */
export async function requireOwnedMonitors(
  db: Kysely<Database>,
  workspaceId: string,
  monitorIds: readonly string[],
): Promise<void> {
  if (monitorIds.length === 0) return;
  const owned = await db
    .selectFrom('monitors')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', monitorIds)
    .execute();
  const found = new Set(owned.map((row) => row.id));
  const missing = monitorIds.find((id) => !found.has(id));
  if (missing) {
    throw new ApiError(404, 'monitor_not_found', `No monitor with id ${missing} exists in your account.`);
  }
}
