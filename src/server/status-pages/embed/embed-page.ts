// `/status/{slug}/embed`: a compact view of the page for an <iframe> on the owner's own site — the
// overall state and each monitor's status, no bars. Its CSP's `frame-ancestors *` lets any site
// frame it (the full page keeps refusing framing); it has no script and sets no cookie.
import { createHash } from 'node:crypto';
import { escapeXml as e, withMarkup } from '../format.ts';
import type { PageLocale } from '../i18n/locale.ts';
import { pageStyle } from '../page-style.ts';
import type { PublicMonitor, PublicView } from '../public-data.ts';
import { timeElement } from '../render-parts.ts';
import { type PageSite, sitePaths } from '../site.ts';

const COMPACT = `main{padding:.75rem}
.top{display:flex;justify-content:space-between;gap:.75rem;align-items:baseline;flex-wrap:wrap;margin-bottom:.5rem}
.top a{font-weight:600}.banner{margin:0 0 .5rem;padding:.5rem .75rem}.banner h1{font-size:1rem;margin:0}
ul{list-style:none;padding:0;margin:0}li{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0;border-bottom:1px solid var(--line)}
li:last-child{border-bottom:0}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function row(monitor: PublicMonitor, { t }: PageLocale): string {
  const status = monitor.underMaintenance
    ? `<span class="s s-maintenance">${e(t.underMaintenance)}</span>`
    : `<span class="s s-${monitor.status}">${e(t.monitorStatus[monitor.status])}</span>`;
  return `<li><span>${e(monitor.name)}</span>${status}</li>`;
}

/** In the page's language, like the page: times in UTC, as the embed runs no script. */
export function renderEmbed(
  view: PublicView,
  site: PageSite,
  locale: PageLocale,
): { html: string; csp: string } {
  const { t } = locale;
  // It draws no bars, so no perfect day needs completing.
  const style = `${pageStyle(view.accentColor, '')}\n${COMPACT}`;
  const pageUrl = `${site.origin}${sitePaths(site.path).page}`;
  const link = (text: string) => `<a href="${e(pageUrl)}" target="_blank" rel="noopener">${e(text)}</a>`;
  const updated = withMarkup(t.updatedAt, timeElement(view.generatedAt, locale));
  const html = `<!doctype html>
<html lang="${locale.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${e(t.documentTitle(view.title))}</title><style>${style}</style></head>
<body><main><div class="top">${link(view.title)}<span class="muted">${updated}</span></div>
<div class="banner ${view.state}"><h1>${e(t.states[view.state])}</h1></div>
<ul>${view.monitors.map((monitor) => row(monitor, locale)).join('')}</ul>
<p class="muted">${link(t.viewStatusPage)}</p></main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src ${sha256(style)}`,
    'img-src https: http: data:',
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
  return { html, csp };
}
