// Status pages, their JSON and badges show every monitor kind the same way: name, state,
// 90 bars and uptime from the stored results; only kinds whose results have a response time
// get a response-time line.
import { afterEach, describe, expect, it } from 'vitest';
import { windowStart } from '../history/uptime.ts';
import { expectedTime } from '../test/record-samples.ts';
import { createStatusApp, type Sample, type StatusApp } from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

const HOUR = 3_600_000;

const KINDS: { name: string; body: Record<string, unknown> }[] = [
  { name: 'Website', body: { url: 'https://www.example.com' } },
  { name: 'Database port', body: { kind: 'tcp', host: 'db.example.com', port: 5432 } },
  { name: 'Router', body: { kind: 'ping', host: 'router.example.com' } },
  { name: 'Mail records', body: { kind: 'dns', hostname: 'example.com', recordType: 'MX' } },
  { name: 'Nightly backup', body: { kind: 'heartbeat', periodSeconds: 3600, graceSeconds: 300 } },
];

describe('status pages and badges for every monitor kind', () => {
  it('shows each kind with its state and uptime, and response times only for timed kinds', async () => {
    s = await createStatusApp();
    const owner = await s.user('pro');
    const thisHour = Math.floor(s.clock.now() / HOUR) * HOUR;
    // Hourly checks, each standing for the hour until the next: up, down, up, and the last, at
    // the top of this hour, holding until now (down for the Router, up for the rest).
    const samplesOf = (name: string): Sample[] => [
      { checkedAt: thisHour - 3 * HOUR, status: 'up', totalMs: 40 },
      { checkedAt: thisHour - 2 * HOUR, status: 'down', totalMs: 0 },
      { checkedAt: thisHour - HOUR, status: 'up', totalMs: 40 },
      { checkedAt: thisHour, status: name === 'Router' ? 'down' : 'up', totalMs: 40 },
    ];
    const now = s.clock.now();
    const uptimeOf = (name: string) =>
      expectedTime(samplesOf(name), windowStart('90d', now), now).uptimePercent;
    const monitors = [];
    for (const { name, body } of KINDS) {
      const monitor = await s.monitor(owner, name, { ...body, public: true });
      await s.record(monitor.id, samplesOf(name));
      monitors.push(monitor);
    }
    await s.page(owner, {
      name: 'Every kind',
      slug: 'every-kind',
      published: true,
      showResponseTimes: true,
      monitors: monitors.map((monitor) => ({ monitorId: monitor.id })),
    });

    const html = await (await s.get('/status/every-kind')).text();
    for (const { name } of KINDS) expect(html).toContain(name);
    expect(html).toContain('<h2 id="state">Partial outage</h2>');
    expect(html.match(/Response time, last 24 hours: average 40 ms/g)).toHaveLength(4);

    const json = (await (await s.get('/status/every-kind.json')).json()) as {
      components: { name: string; status: string; uptime90d: number | null }[];
    };
    expect(json.components.map(({ name, status, uptime90d }) => [name, status, uptime90d])).toEqual(
      KINDS.map(({ name }) => [name, name === 'Router' ? 'down' : 'up', uptimeOf(name)]),
    );
    // Each kind's card has its 90 bars.
    expect(html.match(/<ol class=bars[^>]*>(<li[^>]*>[^<]*<\/li>|<li[^>]*>[^<]*){90}<\/ol>/g)).toHaveLength(
      5,
    );

    for (const [index, monitor] of monitors.entries()) {
      const status = await (await s.get(`/badge/${monitor.id}/status.svg`)).text();
      expect(status).toContain(`aria-label="status: ${index === 2 ? 'down' : 'up'}"`);
      const uptime = await (await s.get(`/badge/${monitor.id}/uptime.svg?period=24h`)).text();
      const percent = uptimeOf(KINDS[index]?.name ?? '') ?? 0;
      const text = `${(Math.floor(percent * 100) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
      expect(uptime, KINDS[index]?.name).toContain(`aria-label="uptime 24h: ${text}"`);
    }
  });
});
