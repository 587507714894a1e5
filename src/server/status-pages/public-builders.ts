// Builds each public answer (HTML, JSON, Atom, SVG) from the database; the routes cache them.
// Every "not available" case builds the same 404 page. Pages and feeds speak the page's language
// setting (the per-monitor page follows the visitor's), badges the one asked for.
import type { Kysely } from 'kysely';
import type { StatusPageLanguage } from '../../core/api/status-pages.ts';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { type UptimeWindow, uptimeSummaries } from '../history/uptime.ts';
import { statusBadge, uptimeBadge } from './badges.ts';
import { renderFeed } from './feed.ts';
import type { PublicView } from './public-data.ts';
import { toPublicJson } from './public-json.ts';
import { renderNotAvailable, renderStatusPage } from './render-page.ts';
import { type Answer, answer, type BuiltResponse } from './response-cache.ts';
import { loadGroupView, loadMonitorView } from './views.ts';

const HTML = 'text/html; charset=utf-8';
const SVG = 'image/svg+xml; charset=utf-8';
/** Badges are embedded by other sites (READMEs, dashboards), so they may be loaded cross-origin. */
const badgeHeaders = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
/** The JSON is public and read without credentials, so any site's script may fetch it. */
const openToAllOrigins = { ...badgeHeaders, 'Access-Control-Allow-Origin': '*' };

export interface PublicBuilderDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
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
  const canRemoveBranding = (userId: string) => entitlements.check(userId, FEATURE_IDS.removeBranding);
  const group = (slug: string) => loadGroupView(db, slug, clock.now(), canRemoveBranding);
  const publicMonitor = (id: string) =>
    db
      .selectFrom('monitors')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('is_public', '=', 1)
      .executeTakeFirst();

  return {
    page: async (slug: string) => htmlPage(await group(slug)),
    monitorPage: async (id: string) => htmlPage(await loadMonitorView(db, id, clock.now())),

    /** Machine-readable: states are codes, so one answer serves every language. */
    async json(slug: string): Promise<Answer> {
      const view = await group(slug);
      if (!view) return notAvailable();
      const body = JSON.stringify(toPublicJson(view, publicUrl));
      return answer('en', () => ({
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body,
        headers: openToAllOrigins,
      }));
    },

    async feed(slug: string): Promise<Answer> {
      const view = await group(slug);
      if (!view) return notAvailable();
      return answer(view.language, (locale) => ({
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        body: renderFeed(view, publicUrl, locale),
      }));
    },

    async statusBadge(id: string, language: StatusPageLanguage): Promise<Answer> {
      const monitor = await publicMonitor(id);
      if (!monitor) return notAvailable();
      return answer(language, (locale) => svg(statusBadge(monitor.status, locale)));
    },

    async uptimeBadge(id: string, period: UptimeWindow, language: StatusPageLanguage): Promise<Answer> {
      if (!(await publicMonitor(id))) return notAvailable();
      const summary = (await uptimeSummaries(db, [id], clock.now())).get(id)?.[period];
      return answer(language, (locale) => svg(uptimeBadge(period, summary?.uptimePercent ?? null, locale)));
    },
  };
}
