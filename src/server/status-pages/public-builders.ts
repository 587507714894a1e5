// Builds each public answer (HTML, JSON, Atom, SVG, the widget's script) from the database; the
// routes cache them. Every "not available" case builds the same 404 page. A group page's answers
// are built from its row for the site it is asked at (PUBLIC_URL or its custom domain). Pages,
// feeds, the widget and the embed speak the page's language setting (the per-monitor page follows
// the visitor's), badges the one asked for; the JSON is language-neutral.
import type { Kysely } from 'kysely';
import type { StatusPageLanguage } from '../../core/api/status-pages.ts';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { type UptimeWindow, uptimeSummaries } from '../history/uptime.ts';
import { STALENESS_COLUMNS, shownStatus } from '../monitors/staleness.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { StatusPageRow } from '../platform/db/status-page-schema.ts';
import { statusBadge, uptimeBadge } from './badges.ts';
import { renderEmbed } from './embed/embed-page.ts';
import { renderWidget } from './embed/widget.ts';
import { renderFeed } from './feed.ts';
import type { PublicView } from './public-data.ts';
import { toPublicJson } from './public-json.ts';
import { renderNotAvailable, renderStatusPage } from './render-page.ts';
import { type Answer, answer, type BuiltResponse } from './response-cache.ts';
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
  /** PUBLIC_URL: subscriptions are taken there, also for pages served at their own domain. */
  publicUrl: string;
}

/** In the visitor's language: nothing tells which page, if any, was meant. */
export function notAvailable(): Answer {
  return answer('auto', (locale) => {
    const page = renderNotAvailable(locale);
    return {
      status: 404,
      contentType: HTML,
      body: page.html,
      headers: { 'Content-Security-Policy': page.csp },
    };
  });
}

function htmlPage(view: PublicView | null): Answer {
  if (!view) return notAvailable();
  return answer(view.language, (locale) => {
    const page = renderStatusPage(view, locale);
    return {
      status: 200,
      contentType: HTML,
      body: page.html,
      headers: { 'Content-Security-Policy': page.csp },
    };
  });
}

const svg = (body: string): BuiltResponse => ({ status: 200, contentType: SVG, body, headers: badgeHeaders });

export function createPublicBuilders({ db, clock, entitlements, publicUrl }: PublicBuilderDeps) {
  const canRemoveBranding = (workspaceId: string) =>
    entitlements.check(workspaceId, FEATURE_IDS.removeBranding);
  /** The group page as served at this site: its links and URLs are the site's. */
  const group = async (page: StatusPageRow, site: PageSite) => {
    const view = await loadGroupView(db, page, clock.now(), canRemoveBranding);
    // A private page's visitors may not be its subscribers' audience: it takes none.
    const subscribe = site.path ? `${site.path}/subscribe` : `${publicUrl}/status/${page.slug}/subscribe`;
    return { ...view, path: site.path, subscribeUrl: view.private ? null : subscribe };
  };
  /** A monitor with its own public page, or one shown on the given page (badges at its domain). */
  const badgeMonitor = (id: string, pageId: string | null) =>
    pageId
      ? db
          .selectFrom('status_page_monitors')
          .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
          .select(['monitors.id', 'monitors.status', 'monitors.maintenance_until', ...STALENESS_COLUMNS])
          .where('status_page_monitors.status_page_id', '=', pageId)
          .where('status_page_monitors.monitor_id', '=', id)
          .executeTakeFirst()
      : db
          .selectFrom('monitors')
          .select(['monitors.id', 'monitors.status', 'monitors.maintenance_until', ...STALENESS_COLUMNS])
          .where('id', '=', id)
          .where('is_public', '=', 1)
          .executeTakeFirst();

  return {
    page: async (page: StatusPageRow, site: PageSite) => htmlPage(await group(page, site)),
    monitorPage: async (id: string) => htmlPage(await loadMonitorView(db, id, clock.now())),

    /** Machine-readable: states are codes, so one answer serves every language. */
    async json(page: StatusPageRow, site: PageSite): Promise<Answer> {
      const body = JSON.stringify(toPublicJson(await group(page, site), site.origin));
      return answer('en', () => ({
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body,
        headers: openToAllOrigins,
      }));
    },

    async feed(page: StatusPageRow, site: PageSite): Promise<Answer> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      return answer(view.language, (locale) => ({
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        body: renderFeed(view, site.origin, locale),
      }));
    },

    async widget(page: StatusPageRow, site: PageSite): Promise<Answer> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      return answer(view.language, (locale) => ({
        status: 200,
        contentType: JS,
        body: renderWidget(view, site, locale),
        headers: badgeHeaders,
      }));
    },

    async embed(page: StatusPageRow, site: PageSite): Promise<Answer> {
      const view = await group(page, site);
      if (view.private) return notAvailable();
      return answer(view.language, (locale) => {
        const embed = renderEmbed(view, site, locale);
        return {
          status: 200,
          contentType: HTML,
          body: embed.html,
          headers: { 'Content-Security-Policy': embed.csp, ...badgeHeaders },
        };
      });
    },

    async statusBadge(id: string, language: StatusPageLanguage, pageId: string | null): Promise<Answer> {
      const monitor = await badgeMonitor(id, pageId);
      if (!monitor) return notAvailable();
      const status = shownStatus(monitor, clock.now());
      return answer(language, (locale) => svg(statusBadge(status, locale)));
    },

    async uptimeBadge(
      id: string,
      period: UptimeWindow,
      language: StatusPageLanguage,
      pageId: string | null,
    ): Promise<Answer> {
      if (!(await badgeMonitor(id, pageId))) return notAvailable();
      const summary = (await uptimeSummaries(db, [id], clock.now())).get(id)?.[period];
      return answer(language, (locale) => svg(uptimeBadge(period, summary?.uptimePercent ?? null, locale)));
    },
  };
}
