// The public page's only stylesheet, inline: light and dark by prefers-color-scheme, the
// accent colour of the page, and each bar's own text shown as its tooltip on hover (no script
// needed; otherwise the text is transparent inside the bar, still read by screen readers). A
// bar without a class is a perfect day: its text is the date, completed here with ': 100%'. On a
// phone the 90 bars stand closer, so they fit a 375-pixel screen.
import { TIME_OPTIONS } from './i18n/locale.ts';

const BASE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
:root{--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--up:#15803d;--minor:#b45309;--down:#b91c1c;--none:#cbd5e1;--upbg:#dcfce7;--minorbg:#fef3c7;--downbg:#fee2e2;--maint:#4338ca;--maintbg:#e0e7ff}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--fg:#f1f5f9;--muted:#cbd5e1;--line:#1f2937;--up:#4ade80;--minor:#fbbf24;--down:#f87171;--none:#374151;--upbg:#052e16;--minorbg:#451a03;--downbg:#450a0a;--maint:#a5b4fc;--maintbg:#1e1b4b}}
.wrap{max-width:56rem;margin:0 auto;padding:0 1rem}
header{border-top:4px solid var(--accent);padding:2rem 0 1rem}
header .wrap{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header img{height:40px;width:auto}
header nav{display:flex;gap:.5rem 1rem;flex-wrap:wrap;margin-left:auto;font-size:.9375rem}
h1{font-size:1.75rem;margin:0}h2{font-size:1.2rem;margin:2rem 0 .75rem}h3{font-size:1rem;margin:0}
p{margin:.25rem 0}.muted{color:var(--muted);font-size:.875rem}#legend{margin-bottom:.75rem}
a{color:var(--fg);text-decoration-color:var(--accent);text-underline-offset:3px}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
.skip{position:absolute;left:1rem;top:-4rem;background:var(--card);color:var(--fg);padding:.5rem .75rem;border-radius:.5rem;z-index:2}.skip:focus{top:1rem}
.banner{border-radius:.75rem;padding:1rem 1.25rem;margin-top:1rem;border:1px solid var(--line)}
.banner h2{margin:0;font-size:1.25rem}
.operational{background:var(--upbg)}.under_maintenance{background:var(--maintbg)}.degraded{background:var(--minorbg)}.partial_outage,.major_outage{background:var(--downbg)}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 .75rem;list-style:none}
ul.plain{padding:0;margin:0}
.row{display:flex;justify-content:space-between;gap:1rem;align-items:baseline;flex-wrap:wrap}
.s{font-weight:600;font-size:.875rem}.s-up{color:var(--up)}.s-degraded{color:var(--minor)}.s-down{color:var(--down)}.s-paused,.s-pending,.s-stale{color:var(--muted)}.s-maintenance{color:var(--maint)}
ol.bars{display:flex;gap:2px;height:34px;padding:0;margin:.75rem 0 .25rem;list-style:none}
.bars li{flex:1;min-width:2px;border-radius:2px;background:var(--up);position:relative;overflow:hidden;white-space:nowrap;color:transparent;font-size:.75rem;line-height:1.5}
.bars .n{background:var(--none)}.bars .m{background:var(--minor)}.bars .d{background:var(--down)}
.bars li:hover{opacity:.85;overflow:visible;padding-top:34px;line-height:2.5;color:var(--bg);z-index:1}
.bars li:hover::first-line{background:var(--fg)}
.bars li:nth-last-child(-n+45){direction:rtl}
.spark{display:block;width:100%;height:36px;color:var(--accent);margin-top:.5rem;overflow:visible}
.spark path{fill:none;stroke:currentColor;stroke-width:1.5;stroke-linecap:round;vector-effect:non-scaling-stroke}.spark .dot{stroke-width:5}
article.card h3{font-size:1rem}.update{border-left:3px solid var(--line);padding-left:.75rem;margin-top:.75rem}
footer{padding:2rem 1rem 3rem;text-align:center}
.group{margin:1.25rem 0 0}.group>p{margin:0 0 .75rem}h4{font-size:1rem;margin:0}
.group>summary{display:flex;justify-content:space-between;gap:1rem;align-items:baseline;flex-wrap:wrap;cursor:pointer;list-style:none;padding:.25rem 0 .75rem}
.group>summary::-webkit-details-marker{display:none}
.group>summary h3{font-size:1.05rem}.group>summary h3::before{content:"";display:inline-block;width:.45em;height:.45em;border:solid var(--muted);border-width:0 2px 2px 0;transform:rotate(-45deg);margin:0 .6em .1em 0;transition:transform .15s}
.group[open]>summary h3::before{transform:rotate(45deg)}
@media (max-width:30rem){.card{padding:.875rem}ol.bars{gap:1px}.bars li{min-width:1px}.row{gap:.25rem .75rem}}`;

/**
 * The stylesheet with the page's accent colour (validated as #rrggbb when stored) and the text
 * that completes a perfect day's date in the page's language (': 100%').
 */
export function pageStyle(accentColor: string | null, perfectDay: string): string {
  const accent = accentColor && /^#[0-9a-f]{6}$/i.test(accentColor) ? accentColor : '#2563eb';
  return `:root{--accent:${accent}}\n${BASE}\n.bars li:not([class])::after{content:${JSON.stringify(perfectDay)}}`;
}

/**
 * Rewrites each <time> in the visitor's own time zone, in the page's language (its `lang`) with
 * the server's TIME_OPTIONS; without JavaScript the UTC text stays.
 */
export const LOCAL_TIME_SCRIPT = `for(const t of document.querySelectorAll('time[data-local]'))t.textContent=new Date(t.dateTime).toLocaleString(document.documentElement.lang,${JSON.stringify(TIME_OPTIONS)});`;
