// Builds each public answer (HTML, JSON, Atom, SVG, the widget's script) from the database; the
// routes cache them.
// Every "not available" case builds the same 404 page.
import type { Kysely } from 'kysely';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { StatusPageRow } from '../db/status-page-schema.ts';
import { type UptimeWindow, uptimeSummaries } from '../history/uptime.ts';
import { statusBadge, uptimeBadge } from './badges.ts';
import { renderEmbed } from './embed/embed-page.ts';
import { renderWidget } from './embed/widget.ts';
import { renderFeed } from './feed.ts';
import type { PublicView } from './public-data.ts';
import { toPublicJson } from './public-json.ts';
import { renderNotAvailable, renderStatusPage } from './render-page.ts';
import type { BuiltResponse } from './response-cache.ts';
import type { PageSite } from './site.ts';
import { loadGroupView, loadMonitorView } from './views.ts';

const HTML = 'text/html; charset=utf-8';
const SVG = 'image/svg+xml; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
/** Badges, the widget and the embed are used by other sites, so they may be loaded cross-origin. */
const badgeHeaders = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
/** The JSON is public and read without credentials, so any site's script may fetch it. */
const openToAllOrigins = { ...badgeHeaders, 'Access-Control-Allow-Origin': '*' };

export interface PublicBuilderDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}

export function notAvailable(): BuiltResponse {
  const page = renderNotAvailable();
  return {
    status: 404,
    contentType: HTML,
    body: page.html,
    headers: { 'Content-Security-Policy': page.csp },
  };
}

function htmlPage(view: PublicView | null): BuiltResponse {
  if (!view) return notAvailable();
  const page = renderStatusPage(view);
  return {
    status: 200,
    contentType: HTML,
    body: page.html,
    headers: { 'Content-Security-Policy': page.csp },
  };
}

export function createPublicBuilders({ db, clock, entitlements }: PublicBuilderDeps) {
  const canRemoveBranding = (userId: string) => entitlements.check(userId, FEATURE_IDS.removeBranding);
  /** The group page as served at this site: its links and URLs are the site's. */
  const group = async (page: StatusPageRow, site: PageSite) => ({
    ...(await loadGroupView(db, page, clock.now(), canRemoveBranding)),
    path: site.path,
  });
  /** A monitor with its own public page, or one shown on the given page (badges at its domain). */
  const badgeMonitor = (id: string, pageId: string | null) =>
    pageId
      ? db
          .selectFrom('status_page_monitors')
          .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
          .select(['monitors.id', 'monitors.status'])
          .where('status_page_monitors.status_page_id', '=', pageId)
          .where('status_page_monitors.monitor_id', '=', id)
          .executeTakeFirst()
      : db
          .selectFrom('monitors')
          .select(['id', 'status'])
          .where('id', '=', id)
          .where('is_public', '=', 1)
          .executeTakeFirst();

  return {
    page: async (page: StatusPageRow, site: PageSite) => htmlPage(await group(page, site)),
    monitorPage: async (id: string) => htmlPage(await loadMonitorView(db, id, clock.now())),

    async json(page: StatusPageRow, site: PageSite): Promise<BuiltResponse> {
      const view = await group(page, site);
      const body = JSON.stringify(toPublicJson(view, site.origin));
      return { status: 200, contentType: 'application/json; charset=utf-8', body, headers: openToAllOrigins };
    },

    async feed(page: StatusPageRow, site: PageSite): Promise<BuiltResponse> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      return {
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        body: renderFeed(view, site.origin),
      };
    },

    async widget(page: StatusPageRow, site: PageSite): Promise<BuiltResponse> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      return { status: 200, contentType: JS, body: renderWidget(view, site), headers: badgeHeaders };
    },

    async embed(page: StatusPageRow, site: PageSite): Promise<BuiltResponse> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      const embed = renderEmbed(view, site);
      return {
        status: 200,
        contentType: HTML,
        body: embed.html,
        headers: { 'Content-Security-Policy': embed.csp, ...badgeHeaders },
      };
    },

    async statusBadge(id: string, pageId: string | null = null): Promise<BuiltResponse> {
      const monitor = await badgeMonitor(id, pageId);
      if (!monitor) return notAvailable();
      return { status: 200, contentType: SVG, body: statusBadge(monitor.status), headers: badgeHeaders };
    },

    async uptimeBadge(
      id: string,
      period: UptimeWindow,
      pageId: string | null = null,
    ): Promise<BuiltResponse> {
      if (!(await badgeMonitor(id, pageId))) return notAvailable();
      const summary = (await uptimeSummaries(db, [id], clock.now())).get(id)?.[period];
      const body = uptimeBadge(period, summary?.uptimePercent ?? null);
      return { status: 200, contentType: SVG, body, headers: badgeHeaders };
    },
  };
}
