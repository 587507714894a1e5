// Builds each public answer (HTML, JSON, Atom, SVG) from the database; the routes cache them.
// Every "not available" case builds the same 404 page.
import type { Kysely } from 'kysely';
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
import type { BuiltResponse } from './response-cache.ts';
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

    async json(slug: string): Promise<BuiltResponse> {
      const view = await group(slug);
      if (!view) return notAvailable();
      const body = JSON.stringify(toPublicJson(view, publicUrl));
      return { status: 200, contentType: 'application/json; charset=utf-8', body, headers: openToAllOrigins };
    },

    async feed(slug: string): Promise<BuiltResponse> {
      const view = await group(slug);
      if (!view) return notAvailable();
      return {
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        body: renderFeed(view, publicUrl),
      };
    },

    async statusBadge(id: string): Promise<BuiltResponse> {
      const monitor = await publicMonitor(id);
      if (!monitor) return notAvailable();
      return { status: 200, contentType: SVG, body: statusBadge(monitor.status), headers: badgeHeaders };
    },

    async uptimeBadge(id: string, period: UptimeWindow): Promise<BuiltResponse> {
      if (!(await publicMonitor(id))) return notAvailable();
      const summary = (await uptimeSummaries(db, [id], clock.now())).get(id)?.[period];
      const body = uptimeBadge(period, summary?.uptimePercent ?? null);
      return { status: 200, contentType: SVG, body, headers: badgeHeaders };
    },
  };
}
