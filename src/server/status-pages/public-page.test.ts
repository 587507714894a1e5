import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { uptimeSummaries } from '../history/uptime.ts';
import { expectedTime } from '../test/record-samples.ts';
import {
  createStatusApp,
  DAY,
  MINUTE,
  NOT_AVAILABLE,
  NOW,
  type Sample,
  type StatusApp,
} from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

/** The bars of the n-th monitor card, in order: each one's class and its text (the tooltip). */
function bars(html: string, card: number): { className: string; text: string }[] {
  const strips = [...html.matchAll(/<ol class=bars[^>]*>(.*?)<\/ol>/g)].map((match) => match[1] ?? '');
  return [...(strips[card] ?? '').matchAll(/<li(?: class=(\w))?>([^<]*)/g)].map((match) => ({
    className: match[1] ?? '',
    text: match[2] ?? '',
  }));
}
/** Each bar's tooltip as shown: a bar without a class is a perfect day, its date completed by CSS. */
const PERFECT_RULE = '.bars li:not([class])::after{content:": 100%"}';
function barLabels(html: string, card: number): string[] {
  expect(html).toContain(PERFECT_RULE);
  return bars(html, card).map((bar) => (bar.className ? bar.text : `${bar.text}: 100%`));
}

const twoDecimalsDown = (percent: number) =>
  `${(Math.floor(percent * 100) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const dayText = (start: number) =>
  new Date(start).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const count = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
/** The issue's per-day tooltip, short when perfect: uptime, minutes down when any, incidents when any. */
const dayLine = (start: number, uptime: number, downMinutes: number, incidents = 0) =>
  [
    `${dayText(start)}: ${twoDecimalsDown(uptime)}`,
    ...(uptime < 100 ? [`${count(downMinutes, 'minute')} down`] : []),
    ...(incidents > 0 ? [count(incidents, 'incident')] : []),
  ].join(', ');

describe('the public status page', () => {
  it('shows 90 daily bars and the 90-day uptime computed from the stored results', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const shop = await s.monitor(owner, 'Shop', { intervalSeconds: 1800 });
    // The monitor has existed for 40 days; the 50 days before it are "no data".
    const createdAt = NOW - 40 * DAY + 7 * 3_600_000;
    await s.db.updateTable('monitors').set({ created_at: createdAt }).where('id', '=', shop.id).execute();
    const samples: Sample[] = [];
    for (let at = createdAt, i = 0; at <= NOW; at += 30 * MINUTE, i++) {
      // Every third UTC day has no failed check: a perfect day, shown short.
      const failing = i % 13 === 0 && Math.floor(at / DAY) % 3 !== 0;
      const status = failing ? 'down' : i % 7 === 0 ? 'degraded' : 'up';
      samples.push({ checkedAt: at, status, totalMs: status === 'down' ? 30_000 : 100 + (i % 50) });
    }
    await s.record(shop.id, samples);
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });

    const response = await s.get('/status/acme');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();

    const today = Math.floor(NOW / DAY) * DAY;
    const expected = Array.from({ length: 90 }, (_, index) => {
      const start = today - (89 - index) * DAY;
      const day = samples.filter((x) => x.checkedAt >= start && x.checkedAt < start + DAY);
      if (start + DAY <= createdAt || day.length === 0) return `${dayText(start)}: no data`;
      // Each check stands for the time until the next one, split at midnight.
      const { uptimePercent, downMs } = expectedTime(samples, start, start + DAY, NOW);
      return dayLine(start, uptimePercent ?? 100, Math.round(downMs / MINUTE));
    });
    expect(barLabels(html, 0)).toEqual(expected);
    expect(expected.filter((label) => label.endsWith('no data'))).toHaveLength(49);
    expect(expected.filter((label) => label.endsWith(': 100%')).length).toBeGreaterThan(5);
    expect(expected.filter((label) => label.endsWith(' down')).length).toBeGreaterThan(5);
    // A perfect day's markup is its date alone; the other days carry a class (no data, minor, down).
    const perfectDays = bars(html, 0).filter((bar) => bar.className === '');
    expect(perfectDays.map((bar) => bar.text)).toEqual(
      expected.filter((label) => label.endsWith(': 100%')).map((label) => label.replace(': 100%', '')),
    );
    expect(bars(html, 0).map((bar) => bar.className)).toEqual(
      expected.map((label) =>
        label.endsWith('no data')
          ? 'n'
          : label.endsWith(': 100%')
            ? ''
            : /: 99(\.\d+)?%/.test(label)
              ? 'm'
              : 'd',
      ),
    );
    expect(html).toContain('aria-describedby=legend>');
    expect(html).toContain(
      '<p id=legend class=muted>Each bar is a day (UTC), from 90 days ago to today, with its uptime, then minutes down and incidents when there were any. A date alone means 100% uptime: no downtime and no incidents.</p>',
    );

    const ninetyDays = expectedTime(samples, today - 89 * DAY, NOW).uptimePercent ?? -1;
    expect(html).toContain(`<span class=uptime>${twoDecimalsDown(ninetyDays)} uptime</span>`);
    // The same figure the monitor's uptime tab shows.
    const inApp = (await uptimeSummaries(s.db, [shop.id], NOW)).get(shop.id)?.['90d'].uptimePercent ?? -1;
    expect(inApp).toBeCloseTo(ninetyDays, 10);
  });

  it.each([
    [['up', 'up', 'up', 'paused'], 'All systems operational'],
    [['up', 'degraded', 'up', 'up'], 'Degraded performance'],
    [['down', 'degraded', 'up', 'up'], 'Partial outage'],
    [['down', 'down', 'up', 'up'], 'Partial outage'],
    [['down', 'down', 'down', 'up'], 'Major outage'],
  ] as const)('with monitors %j reads %j', async (statuses, label) => {
    s = await createStatusApp();
    const owner = await s.user();
    const monitors = [];
    for (const [index, status] of statuses.entries()) {
      const monitor = await s.monitor(owner, `Service ${index}`);
      await s.setStatus(monitor.id, status);
      monitors.push({ monitorId: monitor.id });
    }
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors });
    const html = await (await s.get('/status/acme')).text();
    expect(/<h2 id="state">([^<]*)<\/h2>/.exec(html)?.[1]).toBe(label);
  });

  it('answers unknown, unpublished and private pages with the same 404 text', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const hidden = await s.monitor(owner, 'Hidden');
    await s.page(owner, {
      name: 'Draft',
      slug: 'draft',
      published: false,
      monitors: [{ monitorId: hidden.id }],
    });
    for (const path of [
      '/status/nowhere',
      '/status/draft',
      '/status/draft.json',
      '/status/draft/feed.atom',
      `/status/monitor/${hidden.id}`,
      '/status/monitor/no-such-id',
      `/badge/${hidden.id}/status.svg`,
      `/badge/${hidden.id}/uptime.svg?period=7d`,
      '/status',
      '/status/draft/elsewhere/deeper',
      '/badge/x',
    ]) {
      const response = await s.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html, path).toContain(`<h1>${NOT_AVAILABLE}</h1>`);
      expect(html, path).not.toContain('Hidden');
    }
  });

  it('shows a public monitor at /status/monitor/{id}', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const open = await s.monitor(owner, 'Open API', { public: true });
    await s.setStatus(open.id, 'degraded');
    const html = await (await s.get(`/status/monitor/${open.id}`)).text();
    expect(html).toContain('<h1>Open API</h1>');
    expect(html).toContain('<h2 id="state">Degraded performance</h2>');
    expect(barLabels(html, 0)).toHaveLength(90);
  });

  it('draws a response-time sparkline of the last 24 hours only when the page shows response times', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const shop = await s.monitor(owner, 'Shop');
    const hour = 3_600_000;
    const thisHour = Math.floor(NOW / hour) * hour;
    await s.record(shop.id, [
      { checkedAt: thisHour - 4 * hour, status: 'up', totalMs: 100 },
      { checkedAt: thisHour - 3 * hour, status: 'up', totalMs: 200 },
      { checkedAt: thisHour - 2 * hour, status: 'up', totalMs: 100 },
      { checkedAt: thisHour - 2 * hour + MINUTE, status: 'up', totalMs: 300 },
      { checkedAt: thisHour - hour, status: 'down', totalMs: 30_000 },
      { checkedAt: thisHour, status: 'degraded', totalMs: 500 },
      // Older than 24 hours: not on the sparkline.
      { checkedAt: thisHour - 30 * hour, status: 'up', totalMs: 9000 },
    ]);
    const monitors = [{ monitorId: shop.id }];
    await s.page(owner, {
      name: 'With',
      slug: 'with-times',
      published: true,
      showResponseTimes: true,
      monitors,
    });
    await s.page(owner, { name: 'Without', slug: 'without-times', published: true, monitors });
    const html = await (await s.get('/status/with-times')).text();
    // Hourly averages 100, 200, 200 and 500 ms; the figures are text, the chart is decoration.
    expect(html).toContain(
      '<p class=muted>Response time, last 24 hours: average 250 ms, highest 500 ms</p><svg class=spark viewBox="0 0 23 36" preserveAspectRatio=none aria-hidden=true>',
    );
    // Three answered hours as a line (x the hour 0–23, y 34 − 30 × value / highest), a gap for
    // the hour that only failed, then the current hour alone as a dot.
    expect(html).toContain('<path d="M19 28L20 22 21 22"/><path class=dot d="M23 4h0"/></svg>');
    expect(await (await s.get('/status/without-times')).text()).not.toContain('<svg');
  });

  it('draws a dot, not an empty move, while only one hour has answered', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const shop = await s.monitor(owner, 'Shop');
    await s.record(shop.id, [{ checkedAt: NOW - 5 * MINUTE, status: 'up', totalMs: 120 }]);
    await s.page(owner, {
      name: 'New',
      slug: 'new-shop',
      published: true,
      showResponseTimes: true,
      monitors: [{ monitorId: shop.id }],
    });
    const html = await (await s.get('/status/new-shop')).text();
    expect(html).toContain('average 120 ms, highest 120 ms');
    const svg = /<svg class=spark[^>]*>(.*?)<\/svg>/.exec(html)?.[1];
    expect(svg).toBe('<path class=dot d="M23 4h0"/>');
  });

  it('redirects a trailing slash to the page', async () => {
    s = await createStatusApp();
    const response = await s.get('/status/acme/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/status/acme');
  });

  it('hides "Powered by Upwatch" only when branding is removed', async () => {
    s = await createStatusApp();
    const free = await s.user();
    const starter = await s.user('starter');
    await s.page(free, { name: 'Free', slug: 'free-co', published: true });
    await s.page(starter, { name: 'Paid', slug: 'paid-co', published: true, removeBranding: true });
    await s.page(starter, { name: 'Paid', slug: 'paid-branded', published: true });
    expect(await (await s.get('/status/free-co')).text()).toContain(
      'Powered by <a href="https://upwatch.dev">Upwatch</a>',
    );
    expect(await (await s.get('/status/paid-branded')).text()).toContain('Powered by');
    expect(await (await s.get('/status/paid-co')).text()).not.toContain('Powered by');
    // A page stored without branding by an owner whose plan no longer has the feature.
    await s.db
      .updateTable('status_pages')
      .set({ remove_branding: 1 })
      .where('slug', '=', 'free-co')
      .execute();
    s.clock.advance(10_000);
    expect(await (await s.get('/status/free-co')).text()).toContain('Powered by');
  });

  it('shows a monitor on two pages on both, under each page’s display name', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const api = await s.monitor(owner, 'internal-api-7');
    await s.page(owner, {
      name: 'One',
      slug: 'page-one',
      published: true,
      monitors: [{ monitorId: api.id, displayName: 'API' }],
    });
    await s.page(owner, {
      name: 'Two',
      slug: 'page-two',
      published: true,
      monitors: [{ monitorId: api.id, displayName: 'Public API' }],
    });
    const one = await (await s.get('/status/page-one')).text();
    const two = await (await s.get('/status/page-two')).text();
    expect(one).toContain('<h3>API</h3>');
    expect(two).toContain('<h3>Public API</h3>');
    expect(one + two).not.toContain('internal-api-7');
  });

  it('lists active incidents with their public updates and resolved ones of the past 14 days', async () => {
    s = await createStatusApp();
    const owner = await s.user('starter');
    const shop = await s.monitor(owner, 'Shop', { intervalSeconds: 900 });
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
    const open = async (title: string, update: string) =>
      s.ok<{ id: string }>(
        await s.send(owner, 'POST', '/incidents', { title, monitorIds: [shop.id], update }),
        201,
      );
    const old = await open('Old <outage>', 'Long ago');
    await s.ok(await s.send(owner, 'PATCH', `/incidents/${old.id}`, { status: 'resolved' }));
    const long = await open('Long-running migration', 'Started');
    s.clock.advance(96 * DAY);
    // Started 96 days before it was resolved yesterday: outside the bars, still recently resolved.
    await s.ok(await s.send(owner, 'PATCH', `/incidents/${long.id}`, { status: 'resolved' }));
    const recent = await open('Checkout errors', 'We are looking into it');
    await s.ok(await s.send(owner, 'PATCH', `/incidents/${recent.id}`, { status: 'resolved' }));
    s.clock.advance(DAY);
    const active = await open('Slow search', 'Search is slow & we know why');
    const yesterday = Math.floor(s.clock.now() / DAY) * DAY - DAY;
    // Up from 1:00, down from 1:30 to 1:45, then up: each check stands for the time until the next.
    const samples: Sample[] = [
      { checkedAt: yesterday + 60 * MINUTE, status: 'up', totalMs: 90 },
      { checkedAt: yesterday + 90 * MINUTE, status: 'down', totalMs: 30_000 },
      { checkedAt: yesterday + 105 * MINUTE, status: 'up', totalMs: 90 },
    ];
    await s.record(shop.id, samples);
    await s.ok(
      await s.send(owner, 'POST', `/incidents/${active.id}/updates`, {
        message: 'Fix deployed',
        status: 'monitoring',
      }),
      201,
    );

    const html = await (await s.get('/status/acme')).text();
    const [activePart, pastPart] = html.split('<h2 id="past">');
    expect(activePart).toContain('<h2 id="active">Active incidents</h2>');
    expect(activePart).toContain('<h3>Slow search</h3>');
    expect(activePart).toContain('Search is slow &amp; we know why');
    expect(activePart).toContain('Fix deployed');
    expect(pastPart).toContain('<h3>Checkout errors</h3>');
    expect(pastPart).toContain('<h3>Long-running migration</h3>');
    expect(html).not.toContain('Old &lt;outage&gt;');
    expect(html).not.toContain('Old <outage>');
    // Yesterday's bar counts the incident that started that day.
    const counted = DAY - 60 * MINUTE;
    expect(barLabels(html, 0).at(-2)).toBe(
      dayLine(yesterday, ((counted - 15 * MINUTE) / counted) * 100, 15, 1),
    );
    expect(barLabels(html, 0).at(-2)).toBe(`${dayText(yesterday)}: 98.91%, 15 minutes down, 1 incident`);
    expect(barLabels(html, 0).at(-1)).toBe(`${dayText(yesterday + DAY)}: no data, 1 incident`);
  });

  it('allows its inline style and script by hash in its own CSP, and escapes what users wrote', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    await s.page(owner, {
      name: '</style><script>alert(1)</script>',
      slug: 'acme',
      description: '"quoted" & <b>bold</b>',
      published: true,
      accentColor: '#123abc',
    });
    const response = await s.get('/status/acme');
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(style).toContain('--accent:#123abc');
    expect(script).toContain('toLocaleString');
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    // The relaxed policy is the status page's own: the app's other pages do not carry it.
    expect((await s.get('/dashboard')).headers.get('content-security-policy')).not.toContain(hash(script));
  });

  it('offers keyboard users a skip link to the content as its first link, in the page language', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const shop = await s.monitor(owner, 'Shop');
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
    const html = await (await s.get('/status/acme')).text();
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('<a class="skip" href="#main">Skip to content</a>')).toBe('<body>'.length);
    expect(html).toContain('<main class="wrap" id="main">');
    await s.page(owner, {
      name: 'Acme DE',
      slug: 'acme-de',
      published: true,
      language: 'de',
      monitors: [{ monitorId: shop.id }],
    });
    const german = await (await s.get('/status/acme-de')).text();
    expect(german).toContain('<a class="skip" href="#main">Zum Inhalt springen</a>');
  });
});
