// The subscribe form on a public status page: plain HTML that posts without JavaScript, an email
// field first, a webhook and a choice of monitors folded away in <details>.
import { escapeXml as e } from '../status-pages/format.ts';
import { SUBSCRIBE_TEXT as T } from './text.ts';

/** Added to the page's inline stylesheet (and so to its CSP hash) on pages with the form. */
export const SUBSCRIBE_STYLE = `.sub label{display:block;font-size:.875rem;margin:.5rem 0 .25rem}
.sub input[type=email],.sub input[type=url]{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--fg)}
.sub-row{display:flex;gap:.5rem;flex-wrap:wrap}.sub-row input{flex:1 1 14rem}
.sub button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.5rem;background:var(--fg);color:var(--bg);cursor:pointer}
.sub details{margin-top:.75rem}.sub summary{cursor:pointer;font-size:.875rem}
.sub .tick{display:flex;gap:.5rem;align-items:center;margin:.25rem 0;font-size:.875rem}`;

export function subscribeForm(pagePath: string, monitors: readonly { id: string; name: string }[]): string {
  const ticks = monitors
    .map((m) => `<label class=tick><input type=checkbox name=monitor value="${e(m.id)}">${e(m.name)}</label>`)
    .join('');
  const choice = monitors.length
    ? `<details><summary>${e(T.monitorsSummary)}</summary><p class=muted>${e(T.monitorsHint)}</p>${ticks}</details>`
    : '';
  return `<section aria-labelledby=subscribe><h2 id=subscribe>${e(T.heading)}</h2><form class="card sub" method=post action="${e(pagePath)}/subscribe"><p class=muted>${e(T.intro)}</p><label for=sub-email>${e(T.emailLabel)}</label><div class=sub-row><input id=sub-email name=email type=email autocomplete=email placeholder="you@example.com"><button type=submit>${e(T.button)}</button></div><details><summary>${e(T.webhookSummary)}</summary><label for=sub-hook>${e(T.webhookLabel)}</label><input id=sub-hook name=webhookUrl type=url placeholder="https://"></details>${choice}</form></section>`;
}
