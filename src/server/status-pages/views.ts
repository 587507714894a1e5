// The two public views: a published group page from its row, and one public monitor by id (null
// means "not available", which every route answers alike).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { StatusPageRow } from '../platform/db/status-page-schema.ts';
import { parseHeaderLinks } from './page-extras.ts';
import { buildView, type PublicView } from './public-data.ts';
import { readSections, sectionsOnPage } from './sections.ts';

/** Whether the owner's plan still has the remove_branding feature. */
export type BrandingCheck = (workspaceId: string) => Promise<boolean>;

/** A published page's view; the caller found its row (page-directory.ts) and decided who may see it. */
export async function loadGroupView(
  db: Kysely<Database>,
  page: StatusPageRow,
  now: number,
  canRemoveBranding: BrandingCheck,
): Promise<PublicView> {
  const rows = await db
    .selectFrom('status_page_monitors')
    .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
    .select([
      'monitors.id',
      'monitors.kind',
      'monitors.name',
      'status_page_monitors.display_name',
      'monitors.status',
      'monitors.created_at',
      'monitors.interval_seconds',
      'monitors.maintenance_until',
      'monitors.last_checked_at',
      'monitors.timeout_ms',
      'monitors.last_status_change_at',
    ])
    .where('status_page_monitors.status_page_id', '=', page.id)
    .where('monitors.workspace_id', '=', page.workspace_id)
    .orderBy('status_page_monitors.position')
    .execute();
  const monitors = rows.map(({ display_name, ...monitor }) => ({
    ...monitor,
    name: display_name ?? monitor.name,
  }));
  return buildView(
    db,
    page.workspace_id,
    {
      path: `/status/${page.slug}`,
      title: page.name,
      description: page.description,
      logoUrl: page.logo_url,
      accentColor: page.accent_color,
      showResponseTimes: page.show_response_times === 1,
      // A page saved without branding shows it again once the owner's plan no longer allows that.
      removeBranding: page.remove_branding === 1 && (await canRemoveBranding(page.workspace_id)),
      language: page.language,
      sections: sectionsOnPage(
        readSections(page.sections),
        monitors.map((monitor) => monitor.id),
      ),
      appearance: {
        headerLinks: parseHeaderLinks(page.header_links),
        footerText: page.footer_text,
        faviconUrl: page.favicon_url,
      },
      private: page.access !== 'public',
    },
    monitors,
    now,
  );
}

export async function loadMonitorView(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<PublicView | null> {
  const monitor = await db
    .selectFrom('monitors')
    .select([
      'id',
      'kind',
      'workspace_id',
      'name',
      'status',
      'created_at',
      'interval_seconds',
      'maintenance_until',
      'last_checked_at',
      'timeout_ms',
      'last_status_change_at',
    ])
    .where('id', '=', id)
    .where('is_public', '=', 1)
    .executeTakeFirst();
  if (!monitor) return null;
  const { workspace_id, ...shown } = monitor;
  return buildView(
    db,
    workspace_id,
    {
      path: `/status/monitor/${monitor.id}`,
      title: monitor.name,
      description: null,
      logoUrl: null,
      accentColor: null,
      showResponseTimes: true,
      removeBranding: false,
      // No owner chose a language for a single monitor's page: each visitor reads their own.
      language: 'auto',
    },
    [shown],
    now,
  );
}
