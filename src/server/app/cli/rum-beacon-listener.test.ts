// `upwatch start` answers visitors' beacons ahead of the app (performance/field/beacon-listener.ts):
// through the real process and its sockets, the same answers as the app's route, what it keeps
// is counted, and every other request still reaches the app.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FieldReport, RumSettings } from '../../../core/api/field.ts';
import { signUpOn } from '../../test/process-api.ts';
import { freePort, type RunningUpwatch, startUpwatch } from '../../test/upwatch-process.ts';

const SITE = 'https://shop.example.com';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36';
let upwatch: RunningUpwatch;
let dataDir: string;
let origin: string;
let key: string;
let field: () => Promise<FieldReport>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'upwatch-rum-listener-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  upwatch = await startUpwatch(
    ['start'],
    { DATA_DIR: dataDir, PUBLIC_URL: origin, DEFAULT_PLAN: 'pro', TRUST_PROXY: 'true' },
    port,
  );
  const { api } = await signUpOn(origin);
  const site = await api<{ id: string }>('POST', '/performance/sites', { name: 'Shop', url: `${SITE}/` });
  key = (await api<RumSettings>('PUT', `/performance/sites/${site.id}/rum`, { enabled: true })).key ?? '';
  field = () => api<FieldReport>('GET', `/performance/sites/${site.id}/field?range=24h`);
}, 60_000);

afterAll(async () => {
  await upwatch?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let visitor = 0;
async function beacon(body: string, headers: Record<string, string> = {}, to = key) {
  visitor += 1;
  const response = await fetch(`${origin}/rum/${to}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: SITE,
      'user-agent': AGENT,
      'x-forwarded-for': `198.51.100.${visitor}`,
      ...headers,
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const valid = JSON.stringify({
  v: 1,
  url: `${SITE}/p/42?x=1`,
  device: 'mobile',
  metrics: { LCP: 1800, INP: 90 },
});

it('answers beacons as the route does, and counts the ones it keeps', { timeout: 60_000 }, async () => {
  expect(await beacon(valid)).toEqual({ status: 204, text: '' });
  expect(await beacon('x'.repeat(5000))).toEqual({ status: 413, text: 'too_large' });
  expect(await beacon('{"v":1')).toEqual({ status: 400, text: 'malformed' });
  expect(await beacon(valid, {}, 'AAAAAAAAAAAAAAAA')).toEqual({ status: 404, text: 'unknown_key' });
  expect(await beacon(valid, { origin: 'https://elsewhere.example.com' })).toEqual({
    status: 403,
    text: 'origin_not_allowed',
  });
  // A robot is answered as if kept, and not counted.
  expect(await beacon(valid, { 'user-agent': 'Googlebot/2.1' })).toEqual({ status: 204, text: '' });
  // A body with no Content-Type at all is still a beacon.
  const untyped = await fetch(`${origin}/rum/${key}`, {
    method: 'POST',
    headers: { origin: SITE, 'user-agent': AGENT, 'x-forwarded-for': '198.51.100.250' },
    body: new Blob([valid]),
  });
  expect(untyped.status).toBe(204);
  // One address past 60 a minute.
  const statuses: number[] = [];
  for (let i = 0; i < 61; i += 1)
    statuses.push((await beacon(valid, { 'x-forwarded-for': '203.0.113.9' })).status);
  expect(statuses.filter((status) => status === 204)).toHaveLength(60);
  expect(statuses.at(-1)).toBe(429);

  // The buffer writes once a second: 1 + 1 + 60 page views kept.
  await expect.poll(async () => (await field()).pageViews, { timeout: 10_000 }).toBe(62);
});

it('leaves every other request to the app', async () => {
  expect((await fetch(`${origin}/rum/${key}`)).status).not.toBe(204);
  expect((await fetch(`${origin}/api/v1/public-config`)).status).toBe(200);
});
