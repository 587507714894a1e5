// GET /metrics, read by a Prometheus text-format parser (promtool lints it in
// promtool.pg.test.ts): each monitor's state as stored, its latest HTTP phases, certificate and
// domain expiry, heartbeat pings and check durations.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResults } from '../recording/record.ts';
import { newSslState } from '../ssl/state.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
let key: string;
const ids: Record<string, string> = {};

async function create(body: Record<string, unknown>): Promise<string> {
  return (await app.json<{ id: string }>(await app.send(owner, 'POST', '/monitors', body), 201)).id;
}

/** Stores one finished check through the engine's own path, as the monitor's worker. */
async function check(id: string, status: 'up' | 'down', timings: Record<string, number>) {
  const { db, dialect } = app.t.database;
  await db.updateTable('monitors').set({ claimed_by: 'w1' }).where('id', '=', id).execute();
  const monitor = await db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const outcome = {
    checkedAt: NOW - 1000,
    region: 'eu-west',
    status,
    statusCode: status === 'up' ? 200 : 503,
    timings: { totalMs: 120, ...timings },
    responseBytes: 2,
    failure: status === 'up' ? null : { code: 'status_mismatch', message: 'Expected 200-399, got 503' },
  };
  await recordResults(db, dialect, 'w1', [{ monitor, outcome }], 1000);
  if (status === 'up') return;
  // A failure is believed after its confirming re-check.
  await db.updateTable('monitors').set({ claimed_by: 'w1' }).where('id', '=', id).execute();
  const confirming = await db
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await recordResults(
    db,
    dialect,
    'w1',
    [{ monitor: confirming, outcome: { ...outcome, checkedAt: NOW - 500 } }],
    1000,
  );
}

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  ids.shop = await create({ name: 'Shop', url: 'https://shop.example.com' });
  ids.api = await create({ name: 'API', url: 'https://api.example.com/health' });
  ids.old = await create({ name: 'Old site', url: 'https://old.example.com', paused: true });
  ids.backup = await create({ name: 'Nightly backup', kind: 'heartbeat', periodSeconds: DAY / 1000 });
  await check(ids.shop, 'up', { dnsMs: 4, connectMs: 11, tlsMs: 23, ttfbMs: 70, downloadMs: 2 });
  await check(ids.api, 'down', {});
  const { db } = app.t.database;
  await db
    .insertInto('monitor_ssl_state')
    .values(newSslState(ids.shop, NOW, { valid_to: NOW + 30 * DAY }))
    .execute();
  await db
    .updateTable('domain_expiry')
    .set({ expires_at: NOW + 60 * DAY })
    .where('domain', '=', 'example.com')
    .execute();
  await db
    .updateTable('monitors')
    .set({ last_ping_at: NOW - 3_600_000 })
    .where('id', '=', ids.backup)
    .execute();
  key = (
    await app.json<{ key: string }>(
      await app.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' }),
      201,
    )
  ).key;
});
afterAll(async () => {
  await app.t.close();
});

const scrape = (bearer?: string, query = '') =>
  app.t.request(`/metrics${query}`, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});

async function exposition(): Promise<string> {
  const response = await scrape(key);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
}

async function families() {
  const text = await exposition();
  expect(text).toContain('# TYPE upwatch_monitor_up gauge');
  return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
}

/** One sample line's value; the parser merges labelled histograms, so those are read as lines. */
function line(text: string, name: string, ...labels: string[]): number | undefined {
  const found = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return found === undefined ? undefined : Number(found.slice(found.lastIndexOf(' ') + 1));
}

function sampleValue(
  family: { metrics: { labels?: Record<string, string>; value?: string }[] } | undefined,
  labels: Record<string, string>,
) {
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample ? Number(sample.value) : undefined;
}

describe('GET /metrics', () => {
  it("gives each monitor's state, labelled by id, name, kind and region", async () => {
    const all = await families();
    const status = all.get('upwatch_monitor_status');
    expect(sampleValue(status, { monitor_id: ids.shop as string })).toBe(1);
    expect(sampleValue(status, { monitor_id: ids.api as string })).toBe(0);
    expect(sampleValue(status, { monitor_id: ids.old as string })).toBe(3);
    expect(status?.metrics.find((m) => m.labels?.monitor_id === ids.shop)?.labels).toEqual({
      monitor_id: ids.shop,
      name: 'Shop',
      kind: 'http',
      region: 'eu-west',
    });
    const up = all.get('upwatch_monitor_up');
    expect(sampleValue(up, { name: 'Shop' })).toBe(1);
    expect(sampleValue(up, { name: 'API' })).toBe(0);
    // Paused: no verdict to give.
    expect(sampleValue(up, { name: 'Old site' })).toBeUndefined();
  });

  it('gives the latest HTTP phases, expiries, heartbeat pings and the duration histogram', async () => {
    const all = await families();
    expect(sampleValue(all.get('upwatch_check_phase_seconds'), { name: 'Shop', phase: 'tls' })).toBeCloseTo(
      0.023,
    );
    expect(sampleValue(all.get('upwatch_check_phase_seconds'), { name: 'Shop', phase: 'ttfb' })).toBeCloseTo(
      0.07,
    );
    expect(sampleValue(all.get('upwatch_certificate_expiry_seconds'), { name: 'Shop' })).toBe(30 * 86_400);
    expect(sampleValue(all.get('upwatch_domain_expiry_seconds'), { name: 'API' })).toBe(60 * 86_400);
    expect(
      sampleValue(all.get('upwatch_heartbeat_last_ping_timestamp_seconds'), { name: 'Nightly backup' }),
    ).toBe((NOW - 3_600_000) / 1000);
    expect(all.get('upwatch_check_duration_seconds')?.type).toBe('HISTOGRAM');
    const text = await exposition();
    const shop = `monitor_id="${ids.shop}"`;
    expect(line(text, 'upwatch_check_duration_seconds_count', shop)).toBe(1);
    expect(line(text, 'upwatch_check_duration_seconds_sum', shop)).toBeCloseTo(0.12);
    expect(line(text, 'upwatch_check_duration_seconds_bucket', shop, 'le="0.1"')).toBe(0);
    expect(line(text, 'upwatch_check_duration_seconds_bucket', shop, 'le="0.15"')).toBe(1);
    expect(line(text, 'upwatch_check_duration_seconds_bucket', shop, 'phase="total"', 'le="+Inf"')).toBe(1);
    // The down checks got no answer: counted nowhere.
    expect(line(text, 'upwatch_check_duration_seconds_count', `monitor_id="${ids.api}"`)).toBe(0);
  });

  it('answers 401 without a key, and 404 when the key belongs to another workspace than the one named', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('uw_live_not_a_key')).status).toBe(401);
    expect((await scrape(key, `?workspace=${owner.id}`)).status).toBe(200);
    const stranger = await app.user('pro');
    const theirs = (
      await app.json<{ key: string }>(await app.send(stranger, 'POST', '/api-keys', { name: 'P' }), 201)
    ).key;
    const refused = await scrape(theirs, `?workspace=${owner.id}`);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('workspace_not_found');
    // Their own scrape shows none of this workspace's monitors.
    expect(await (await scrape(theirs)).text()).not.toContain('Shop');
  });
});
