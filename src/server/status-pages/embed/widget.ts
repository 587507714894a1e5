// `/status/{slug}/widget.js`: a script other sites include to show the page's overall state as a
// small pill linking to the page. The state is written into the script when it is built (once per
// 10 s, like the page), so it makes no request and sets or reads no cookie; inline styles only,
// so it needs nothing from the host page and nothing of the host page's styles changes.
import type { StatusPageState } from '../../../core/api/status-pages.ts';
import type { PageLocale } from '../i18n/locale.ts';
import type { PublicView } from '../public-data.ts';
import { type PageSite, sitePaths } from '../site.ts';

/** The pill's dot, readable on light and dark host pages alike. */
export const STATE_COLORS: Record<StatusPageState, string> = {
  operational: '#16a34a',
  under_maintenance: '#4f46e5',
  degraded: '#d97706',
  partial_outage: '#dc2626',
  major_outage: '#dc2626',
};

const PILL =
  'display:inline-flex;align-items:center;gap:6px;padding:3px 10px;border:1px solid rgba(128,128,128,.4);border-radius:999px;font:500 13px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:inherit;text-decoration:none;white-space:nowrap';
const DOT = 'width:8px;height:8px;border-radius:50%;flex:none;background:';

/** JSON of a string is a JavaScript string literal; `<` escaped so no `</script>` can appear. */
const literal = (value: string) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The pill's text is the page's state in the page's language, as the page's banner says it; the
 * pill carries that `lang`, since the host page may be written in another.
 */
export function renderWidget(view: PublicView, site: PageSite, { language, t }: PageLocale): string {
  const label = t.states[view.state];
  const values = [
    `u=${literal(`${site.origin}${sitePaths(site.path).page}`)}`,
    `t=${literal(label)}`,
    `n=${literal(t.widgetTitle(view.title, label))}`,
    `k=${literal(view.state)}`,
    `l=${literal(language)}`,
    `p=${literal(PILL)}`,
    `d=${literal(DOT + STATE_COLORS[view.state])}`,
  ].join(',');
  return `(function(){var ${values},s=document.currentScript,a=document.createElement("a"),i=document.createElement("span");a.href=u;a.target="_blank";a.rel="noopener";a.title=n;a.lang=l;a.setAttribute("data-upwatch-status",k);a.style.cssText=p;i.style.cssText=d;i.setAttribute("aria-hidden","true");a.appendChild(i);a.appendChild(document.createTextNode(t));if(s&&s.parentNode)s.parentNode.insertBefore(a,s.nextSibling);})();\n`;
}
