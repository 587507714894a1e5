// The subscribe form: on a public status page a compact one (an email field, a webhook folded
// away in <details>, a link to the choice of monitors), and the full one with that choice on its
// own page, so a page of many monitors stays small. Plain HTML that posts without JavaScript.
import { escapeHtml } from '../../../core/mail-layout.ts';
import { escapeXml as e } from '../format.ts';
import type { StatusPageMessages } from '../i18n/messages.ts';

type FormText = StatusPageMessages['subscribe'];

/** Added to the page's inline stylesheet (and so to its CSP hash) on pages with the form. */
export const SUBSCRIBE_STYLE = `.sub label{display:block;font-size:.875rem;margin:.5rem 0 .25rem}
.sub input[type=email],.sub input[type=url]{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--fg)}
.sub-row{display:flex;gap:.5rem;flex-wrap:wrap}.sub-row input{flex:1 1 14rem}
.sub button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.5rem;background:var(--fg);color:var(--bg);cursor:pointer}
.sub details{margin-top:.75rem}.sub summary{cursor:pointer;font-size:.875rem}`;

/** The form on the status page itself, in the page's language, posting to `action`. */
export function subscribeForm(action: string, hasMonitors: boolean, t: FormText): string {
  const choose = hasMonitors ? `<p class=muted><a href="${e(action)}">${e(t.monitorsLink)}</a></p>` : '';
  const webhook = `<details><summary>${e(t.webhookSummary)}</summary><label for=sub-hook>${e(t.webhookLabel)}</label><input id=sub-hook name=webhookUrl type=url placeholder="https://"></details>`;
  const fields = `<label for=sub-email>${e(t.emailLabel)}</label><div class=sub-row><input id=sub-email name=email type=email autocomplete=email placeholder="you@example.com"><button type=submit>${e(t.button)}</button></div>${webhook}`;
  return `<section aria-labelledby=subscribe><h2 id=subscribe>${e(t.heading)}</h2><form class="card sub" method=post action="${e(action)}"><p class=muted>${e(t.intro)}</p>${fields}${choose}</form></section>`;
}

const OPTIONS_STYLE =
  'display:block;width:100%;padding:8px;margin:4px 0 12px;font:inherit;box-sizing:border-box';

/** The full form, on its own page (inside the shared message page): the page's monitors to tick. */
export function subscribeOptionsForm(
  pagePath: string,
  monitors: readonly { id: string; name: string }[],
  t: Pick<StatusPageMessages, 'subscribe' | 'subscription'>,
): string {
  const h = escapeHtml;
  // The compact form's words, and the few this page has of its own.
  const { subscribe: form, subscription: own } = t;
  const ticks = monitors
    .map(
      (m) =>
        `<label style="display:block;margin:4px 0"><input type="checkbox" name="monitor" value="${h(m.id)}"> ${h(m.name)}</label>`,
    )
    .join('');
  return `<p>${h(form.intro)}</p><form method="post" action="${h(pagePath)}/subscribe">
<label for="sub-email">${h(form.emailLabel)}</label><input id="sub-email" name="email" type="email" autocomplete="email" style="${OPTIONS_STYLE}">
<label for="sub-hook">${h(own.webhookLabel)}</label><input id="sub-hook" name="webhookUrl" type="url" placeholder="https://" style="${OPTIONS_STYLE}">
<fieldset style="border:0;padding:0;margin:0 0 16px"><legend>${h(own.monitorsLegend)}</legend><p>${h(own.monitorsHint)}</p>${ticks}</fieldset>
<button type="submit">${h(form.button)}</button></form>`;
}
