// /rum.js (issue 42, item 1): the script a site owner pastes. Google's web-vitals measures the
// five vitals with attribution; this reports them once per page view, when the page is hidden,
// to /rum/{data-site}. It sets no cookie and uses no storage, and it sends the page's origin and
// path only (never its query string or fragment). A page restored from the back-forward cache is
// a new page view, and so is a single-page app's soft navigation where the browser reports them
// (Chromium since 151); anything the library reports after a view was sent (a tab shown and
// hidden again) is not sent twice.
import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  MetricWithAttribution,
} from 'web-vitals/attribution';
// Per metric, as ES modules: the bundled builds carry Babel's helpers. FCP and TTFB need no
// attribution, so their plain modules are enough.
import { onCLS } from 'web-vitals/attribution/onCLS.js';
import { onINP } from 'web-vitals/attribution/onINP.js';
import { onLCP } from 'web-vitals/attribution/onLCP.js';
import { onFCP } from 'web-vitals/onFCP.js';
import { onTTFB } from 'web-vitals/onTTFB.js';

type Attribution = Record<string, Record<string, string | number | undefined>>;

const script = document.currentScript as HTMLScriptElement | null;
const key = script?.dataset.site;
const route = script?.dataset.route;

const cut = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

function deviceClass(): 'mobile' | 'tablet' | 'desktop' {
  const agent = navigator.userAgent;
  if (/iPad|Tablet/i.test(agent) || (/Android/i.test(agent) && !/Mobile/i.test(agent))) return 'tablet';
  return /Mobi|iPhone|Android/i.test(agent) ? 'mobile' : 'desktop';
}

/** One page view: the document's, or a single-page app's soft navigation. */
interface View {
  id: MetricWithAttribution['navigationId'];
  url: string;
  navigation: string;
  metrics: Record<string, number>;
  attribution: Attribution;
  sent: boolean;
}

if (key && script) {
  const endpoint = new URL(`/rum/${encodeURIComponent(key)}`, script.src).href;
  // Page views by web-vitals' navigationId, in the order they began; the last is the current one.
  let views = new Map<View['id'], View>();
  let current: View['id'] | undefined;
  let documentView: View['id'] | undefined;
  // Views already sent and forgotten: what web-vitals reports for them late is dropped.
  let finished = new Set<View['id']>();

  const viewOf = (metric: MetricWithAttribution): View => {
    let view = views.get(metric.navigationId);
    if (!view) {
      const url = new URL(metric.navigationURL ?? location.href, location.href);
      view = {
        id: metric.navigationId,
        url: url.origin + url.pathname,
        navigation: metric.navigationType,
        metrics: {},
        attribution: {},
        sent: false,
      };
      views.set(metric.navigationId, view);
      documentView ??= metric.navigationId;
      if (current !== undefined) {
        // A soft navigation began: web-vitals reports the views before it final as it starts, and
        // a moment later they are sent (or at once, if the page is hidden first).
        setTimeout(() => sendAll(false), 1000);
      }
      current = metric.navigationId;
    }
    return view;
  };

  const record = (metric: MetricWithAttribution) => {
    if (finished.has(metric.navigationId)) return;
    const view = viewOf(metric);
    if (view.sent) return;
    view.metrics[metric.name] = metric.value;
    const { attribution } = view;
    if (metric.name === 'LCP') {
      const { target, url } = (metric as LCPMetricWithAttribution).attribution;
      attribution.lcp = { element: cut(target, 300), url: cut(url, 500) };
    } else if (metric.name === 'INP') {
      const inp = (metric as INPMetricWithAttribution).attribution;
      attribution.inp = {
        target: cut(inp.interactionTarget, 300),
        type: inp.interactionType,
        inputDelay: inp.inputDelay,
        processingDuration: inp.processingDuration,
        presentationDelay: inp.presentationDelay,
      };
    } else if (metric.name === 'CLS') {
      attribution.cls = {
        target: cut((metric as CLSMetricWithAttribution).attribution.largestShiftTarget, 300),
      };
    }
  };

  const send = (view: View) => {
    view.sent = true;
    if (Object.keys(view.metrics).length === 0) return;
    const connection = (navigator as { connection?: { effectiveType?: string } }).connection;
    const body = JSON.stringify({
      v: 1,
      url: view.url,
      // The tag's route names the document, not the views a single-page app navigates to.
      route: view.id === documentView ? route : undefined,
      nav: view.navigation || undefined,
      device: deviceClass(),
      ect: connection?.effectiveType,
      metrics: view.metrics,
      attribution: view.attribution,
    });
    if (!navigator.sendBeacon?.(endpoint, body)) {
      fetch(endpoint, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => {});
    }
  };

  /** Sends the views not sent yet (the current one too when the page is hidden). */
  const sendAll = (withCurrent: boolean) => {
    for (const [id, view] of views) {
      if (id === current && !withCurrent) continue;
      if (!view.sent) send(view);
      // The current view stays, sent or not: a late report for it is known, and dropped if sent.
      if (id !== current) {
        views.delete(id);
        finished.add(id);
      }
    }
  };

  // Every change, keeping the latest: a page view is sent once, when hidden or left for a soft
  // navigation, after them all. Final values only (the default) lose an INP whose entries were
  // still queued for an idle moment when the page was left: web-vitals' forced report on hidden
  // runs before that queue. Soft navigations are page views where the browser reports them.
  const options = { reportAllChanges: true, reportSoftNavs: true };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(record as never, options);
  // After the library's own (capturing) listeners, which report their final values on the same
  // event. Not on pagehide: leaving a page, Chromium fires it before visibilitychange, when LCP,
  // CLS and INP are not yet final (measured in rum-snippet.browser.test.ts); every current
  // browser fires visibilitychange when a page is left, closed or backgrounded.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAll(true);
  });
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    // Restored from the back-forward cache: a new page view (web-vitals reports it afresh).
    views = new Map();
    finished = new Set();
    current = undefined;
  });
}
