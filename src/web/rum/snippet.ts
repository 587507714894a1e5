// /rum.js (issue 42, item 1): the script a site owner pastes. Google's web-vitals measures the
// five vitals with attribution; this reports them once per page view, when the page is hidden,
// to /rum/{data-site}. It sets no cookie and uses no storage, and it sends the page's origin and
// path only (never its query string or fragment). A page restored from the back-forward cache is
// a new page view; anything the library reports after a view was sent (a tab shown and hidden
// again) is not sent twice.
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

if (key && script) {
  const endpoint = new URL(`/rum/${encodeURIComponent(key)}`, script.src).href;
  let metrics: Record<string, number> = {};
  let attribution: Attribution = {};
  let navigation = '';
  let sent = false;

  const record = (metric: MetricWithAttribution) => {
    if (sent) return;
    metrics[metric.name] = metric.value;
    navigation = metric.navigationType;
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

  const send = () => {
    if (sent || Object.keys(metrics).length === 0) return;
    sent = true;
    const connection = (navigator as { connection?: { effectiveType?: string } }).connection;
    const body = JSON.stringify({
      v: 1,
      url: location.origin + location.pathname,
      route,
      nav: navigation || undefined,
      device: deviceClass(),
      ect: connection?.effectiveType,
      metrics,
      attribution,
    });
    if (!navigator.sendBeacon?.(endpoint, body)) {
      fetch(endpoint, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => {});
    }
  };

  // Every change, keeping the latest: the page view is sent once, when hidden, after them all.
  // Final values only (the default) lose an INP whose entries were still queued for an idle
  // moment when the page was left: web-vitals' forced report on hidden runs before that queue.
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(record as never, { reportAllChanges: true });
  // After the library's own (capturing) listeners, which report their final values on the same
  // event. Not on pagehide: leaving a page, Chromium fires it before visibilitychange, when LCP,
  // CLS and INP are not yet final (measured in rum-snippet.browser.test.ts); every current
  // browser fires visibilitychange when a page is left, closed or backgrounded.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    metrics = {};
    attribution = {};
    sent = false;
  });
}
