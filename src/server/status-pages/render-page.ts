// The public status page as one self-contained HTML document: complete without JavaScript,
// its one stylesheet and one script inline and allowed by hash in the page's own CSP.
import { createHash } from 'node:crypto';
import { escapeXml as e, withMarkup } from './format.ts';
import type { PageLocale } from './i18n/locale.ts';
import { LOCAL_TIME_SCRIPT, pageStyle } from './page-style.ts';
import type { PublicView } from './public-data.ts';
import { faviconTag, footerLine, headerNav } from './render-appearance.ts';
import {
  incidentArticle,
  maintenanceArticle,
  monitorCard,
  sectionBlock,
  timeElement,
} from './render-parts.ts';
import { sitePaths } from './site.ts';
import { SUBSCRIBE_STYLE, subscribeForm } from './subscribers/form.ts';

export interface RenderedPage {
  html: string;
  /** Allows exactly this page's inline style and script. */
  csp: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function policy(style: string, script: string | null, formTarget: string | null = null): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    `script-src ${script ? sha256(script) : "'none'"}`,
    'img-src https: http: data:',
    "base-uri 'none'",
    // The subscribe and password forms post to the page's own site; at a custom domain the
    // subscribe form posts to PUBLIC_URL, where subscriptions (and their mailed links) live.
    `form-action 'self'${formTarget?.startsWith('http') ? ` ${new URL(formTarget).origin}` : ''}`,
  ].join('; ');
}

function document(
  locale: PageLocale,
  title: string,
  style: string,
  head: string,
  body: string,
  script: string | null,
): string {
  return `<!doctype html>
<html lang="${locale.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${e(title)}</title>${head}<style>${style}</style></head>
<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

export function renderStatusPage(view: PublicView, locale: PageLocale): RenderedPage {
  const { t } = locale;
  const group = !view.path.startsWith('/status/monitor/');
  const base = pageStyle(view.accentColor, t.dayLabel('', locale.percent(100)));
  const style = view.subscribeUrl ? `${base}\n${SUBSCRIBE_STYLE}` : base;
  const paths = sitePaths(view.path);
  // A private page has no feed: feed readers cannot enter a password or sign in.
  const feed = group && !view.private;
  const feeds = `${feed ? `<link rel="alternate" type="application/atom+xml" title="${e(t.feedTitle(view.title))}" href="${e(paths.feed)}">` : ''}${group ? `<link rel="alternate" type="application/json" href="${e(paths.json)}">` : ''}`;
  const logo = view.logoUrl ? `<img src="${e(view.logoUrl)}" alt="${e(t.logoAlt(view.title))}">` : '';
  const description = view.description ? `<p class="muted">${e(view.description)}</p>` : '';
  const section = (id: string, heading: string, content: string) =>
    `<section aria-labelledby="${id}"><h2 id="${id}">${e(heading)}</h2>${content}</section>`;
  const active = view.activeIncidents.length
    ? section(
        'active',
        t.activeIncidents,
        view.activeIncidents.map((i) => incidentArticle(i, locale)).join(''),
      )
    : '';
  const names = new Map(view.monitors.map((monitor) => [monitor.id, monitor.name]));
  const maintenanceEntries = [...view.maintenance, ...view.completedMaintenance];
  const maintenance = maintenanceEntries.length
    ? section(
        'maintenance',
        t.maintenance,
        maintenanceEntries.map((entry) => maintenanceArticle(entry, names, locale)).join(''),
      )
    : '';
  const past = view.resolvedIncidents.length
    ? view.resolvedIncidents.map((incident) => incidentArticle(incident, locale)).join('')
    : `<p class="muted">${e(t.noPastIncidents)}</p>`;
  const branding = view.removeBranding
    ? ''
    : `<p>${e(t.poweredBy)} <a href="https://upwatch.dev">Upwatch</a></p>`;
  const machine = group
    ? `<p class="muted">${feed ? `<a href="${e(paths.feed)}">${e(t.atomFeed)}</a> · ` : ''}<a href="${e(paths.json)}">JSON</a></p>`
    : '';
  const legend = view.monitors.length ? `<p id=legend class=muted>${e(t.barsLegend)}</p>` : '';
  const grouped = new Set(view.sections.flatMap((section) => section.monitorIds));
  const cards = view.monitors
    .filter((monitor) => !grouped.has(monitor.id))
    .map((monitor) => monitorCard(monitor, locale))
    .join('\n');
  const byId = new Map(view.monitors.map((monitor) => [monitor.id, monitor]));
  const sections = view.sections.map((entry) => sectionBlock(entry, byId, locale)).join('\n');
  const flat = cards || !sections ? `<ul class="plain">${cards}</ul>` : '';
  const body = `<a class="skip" href="#main">${e(t.skipToContent)}</a><header><div class="wrap">${logo}<div><h1>${e(view.title)}</h1>${description}</div>${headerNav(view.appearance, locale)}</div></header>
<main class="wrap" id="main">
<section class="banner ${view.state}" aria-labelledby="state"><h2 id="state">${e(t.states[view.state])}</h2><p class="muted">${withMarkup(t.updatedAt, timeElement(view.generatedAt, locale))}</p></section>
${active}
${maintenance}
${section('monitors', t.monitors, `${legend}${flat}${sections}`)}
${section('past', t.pastIncidents, past)}
${view.subscribeUrl ? subscribeForm(view.subscribeUrl, view.monitors.length > 0, t.subscribe) : ''}
</main>
<footer class="muted">${footerLine(view.appearance)}${branding}${machine}</footer>`;
  return {
    html: document(
      locale,
      t.documentTitle(view.title),
      style,
      feeds + faviconTag(view.appearance),
      body,
      LOCAL_TIME_SCRIPT,
    ),
    csp: policy(style, LOCAL_TIME_SCRIPT, view.subscribeUrl ?? null),
  };
}

const NOT_AVAILABLE_STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a}@media (prefers-color-scheme:dark){body{background:#0b1120;color:#f1f5f9}}main{max-width:32rem;padding:1rem;text-align:center}h1{font-size:1.25rem;font-weight:600}';

/** The one answer for unknown and unpublished pages, and for what a private page does not offer. */
export function renderNotAvailable(locale: PageLocale): RenderedPage {
  const body = `<main><h1>${e(locale.t.notAvailable)}</h1></main>`;
  return {
    html: document(locale, locale.t.notAvailableTitle, NOT_AVAILABLE_STYLE, '', body, null),
    csp: policy(NOT_AVAILABLE_STYLE, null),
  };
}
