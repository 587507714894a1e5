// The public status page as one self-contained HTML document: complete without JavaScript,
// its one stylesheet and one script inline and allowed by hash in the page's own CSP.
import { createHash } from 'node:crypto';
import { STATUS_PAGE_STATE_LABELS } from '../../core/api/status-pages.ts';
import { escapeXml as e } from './format.ts';
import { LOCAL_TIME_SCRIPT, pageStyle } from './page-style.ts';
import type { PublicView } from './public-data.ts';
import { faviconTag, footerLine, headerNav } from './render-appearance.ts';
import {
  BARS_LEGEND,
  incidentArticle,
  maintenanceArticle,
  monitorCard,
  timeElement,
} from './render-parts.ts';
import { sitePaths } from './site.ts';

export const NOT_AVAILABLE_TEXT =
  'Page Not Available: This status page is not available or may have been moved.';

export interface RenderedPage {
  html: string;
  /** Allows exactly this page's inline style and script. */
  csp: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function policy(style: string, script: string | null): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    `script-src ${script ? sha256(script) : "'none'"}`,
    'img-src https: http: data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function document(title: string, style: string, head: string, body: string, script: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${e(title)}</title>${head}<style>${style}</style></head>
<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

export function renderStatusPage(view: PublicView): RenderedPage {
  const style = pageStyle(view.accentColor);
  const group = !view.path.startsWith('/status/monitor/');
  const paths = sitePaths(view.path);
  // A private page has no feed: feed readers cannot enter a password or sign in.
  const feed = group && !view.private;
  const feeds = `${feed ? `<link rel="alternate" type="application/atom+xml" title="${e(view.title)} incidents" href="${e(paths.feed)}">` : ''}${group ? `<link rel="alternate" type="application/json" href="${e(paths.json)}">` : ''}`;
  const logo = view.logoUrl ? `<img src="${e(view.logoUrl)}" alt="${e(view.title)} logo">` : '';
  const description = view.description ? `<p class="muted">${e(view.description)}</p>` : '';
  const active = view.activeIncidents.length
    ? `<section aria-labelledby="active"><h2 id="active">Active incidents</h2>${view.activeIncidents.map(incidentArticle).join('')}</section>`
    : '';
  const names = new Map(view.monitors.map((monitor) => [monitor.id, monitor.name]));
  const maintenance = view.maintenance.length
    ? `<section aria-labelledby="maintenance"><h2 id="maintenance">Scheduled maintenance</h2>${view.maintenance.map((entry) => maintenanceArticle(entry, names)).join('')}</section>`
    : '';
  const past = view.resolvedIncidents.length
    ? view.resolvedIncidents.map(incidentArticle).join('')
    : '<p class="muted">No incidents in the past 14 days.</p>';
  const branding = view.removeBranding ? '' : '<p>Powered by <a href="https://upwatch.dev">Upwatch</a></p>';
  const machine = group
    ? `<p class="muted">${feed ? `<a href="${e(paths.feed)}">Atom feed</a> · ` : ''}<a href="${e(paths.json)}">JSON</a></p>`
    : '';
  const legend = view.monitors.length ? `<p id=legend class=muted>${BARS_LEGEND}</p>` : '';
  const body = `<header><div class="wrap">${logo}<div><h1>${e(view.title)}</h1>${description}</div>${headerNav(view.appearance)}</div></header>
<main class="wrap">
<section class="banner ${view.state}" aria-labelledby="state"><h2 id="state">${STATUS_PAGE_STATE_LABELS[view.state]}</h2><p class="muted">Updated ${timeElement(view.generatedAt)}</p></section>
${active}
${maintenance}
<section aria-labelledby="monitors"><h2 id="monitors">Monitors</h2>${legend}<ul class="plain">${view.monitors.map(monitorCard).join('\n')}</ul></section>
<section aria-labelledby="past"><h2 id="past">Past incidents</h2>${past}</section>
</main>
<footer class="muted">${footerLine(view.appearance)}${branding}${machine}</footer>`;
  return {
    html: document(
      `${view.title} status`,
      style,
      feeds + faviconTag(view.appearance),
      body,
      LOCAL_TIME_SCRIPT,
    ),
    csp: policy(style, LOCAL_TIME_SCRIPT),
  };
}

const NOT_AVAILABLE_STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a}@media (prefers-color-scheme:dark){body{background:#0b1120;color:#f1f5f9}}main{max-width:32rem;padding:1rem;text-align:center}h1{font-size:1.25rem;font-weight:600}';

/** The one answer for unknown, unpublished and private pages alike. */
export function renderNotAvailable(): RenderedPage {
  const body = `<main><h1>${NOT_AVAILABLE_TEXT}</h1></main>`;
  return {
    html: document('Page Not Available', NOT_AVAILABLE_STYLE, '', body, null),
    csp: policy(NOT_AVAILABLE_STYLE, null),
  };
}
