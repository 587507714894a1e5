import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DomainExpiry, domainExpirySchema } from '../../core/api/domains.ts';
import { DAY_MS } from '../checks/ssl-problems.ts';
import { type IncidentApi, incidentApi, START } from '../test/incident-api.ts';
import { listDomainBadges } from './overview.ts';
import { syncMonitorDomain } from './sync.ts';

let api: IncidentApi;
beforeEach(async () => {
  api = await incidentApi();
});
afterEach(async () => {
  await api.t.close();
});

const db = () => api.t.database.db;

describe('GET /api/v1/monitors/{id}/domain', () => {
  it("returns the monitor's domain, its expiry, registrar and last lookup", async () => {
    const owner = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    await syncMonitorDomain(db(), shop.id, 'shop.example.com', true);
    await db()
      .updateTable('domain_expiry')
      .set({
        expires_at: START + 20 * DAY_MS + 3_600_000,
        registrar: 'Example Registrar, Inc.',
        checked_at: START - 3_600_000,
        next_check_at: START + 23 * 3_600_000,
      })
      .where('domain', '=', 'example.com')
      .execute();

    const body = await api.expectJson<DomainExpiry>(
      await api.send(owner, 'GET', `/monitors/${shop.id}/domain`),
      200,
    );
    expect(domainExpirySchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      enabled: true,
      domain: 'example.com',
      expiresAt: START + 20 * DAY_MS + 3_600_000,
      daysRemaining: 20,
      registrar: 'Example Registrar, Inc.',
      checkedAt: START - 3_600_000,
      error: null,
      nextCheckAt: START + 23 * 3_600_000,
    });
  });

  it('reports a failed lookup and a monitor that has not opted in', async () => {
    const owner = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    await api.expectJson(
      await api.send(owner, 'PATCH', `/monitors/${shop.id}`, { domainExpiry: false }),
      200,
    );
    const off = await api.expectJson<DomainExpiry>(
      await api.send(owner, 'GET', `/monitors/${shop.id}/domain`),
      200,
    );
    expect(off).toMatchObject({ enabled: false, domain: null, expiresAt: null, nextCheckAt: null });

    await syncMonitorDomain(db(), shop.id, 'shop.example.com', true);
    await db()
      .updateTable('domain_expiry')
      .set({
        checked_at: START,
        error_code: 'no_expiration',
        error: 'The registry publishes no expiry date.',
      })
      .execute();
    const failed = await api.expectJson<DomainExpiry>(
      await api.send(owner, 'GET', `/monitors/${shop.id}/domain`),
      200,
    );
    expect(failed).toMatchObject({
      enabled: true,
      domain: 'example.com',
      expiresAt: null,
      daysRemaining: null,
      error: { code: 'no_expiration', message: 'The registry publishes no expiry date.' },
    });
  });

  it("answers 404 for another user's monitor and for one that does not exist", async () => {
    const owner = await api.user();
    const intruder = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    await syncMonitorDomain(db(), shop.id, 'shop.example.com', true);
    for (const id of [shop.id, 'missing']) {
      const body = await api.expectJson<{ error: { code: string } }>(
        await api.send(intruder, 'GET', `/monitors/${id}/domain`),
        404,
      );
      expect(body.error.code).toBe('monitor_not_found');
    }
  });

  it("badges the owner's list rows whose domain expires within 30 days, and only those", async () => {
    const owner = await api.user();
    const intruder = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    const blog = await api.monitor(owner, 'Blog');
    await syncMonitorDomain(db(), shop.id, 'shop.example.com', true);
    await syncMonitorDomain(db(), blog.id, 'blog.other.org', true);
    const expires = async (domain: string, at: number) =>
      db().updateTable('domain_expiry').set({ expires_at: at }).where('domain', '=', domain).execute();
    await expires('example.com', START + 3 * DAY_MS);
    await expires('other.org', START + 60 * DAY_MS);
    const now = START + 3_600_000;
    expect(await listDomainBadges(db(), owner.id, [shop.id, blog.id], now)).toEqual(
      new Map([[shop.id, { domain: 'example.com', expiresAt: START + 3 * DAY_MS, daysRemaining: 2 }]]),
    );
    expect(await listDomainBadges(db(), intruder.id, [shop.id], now)).toEqual(new Map());

    const list = await api.expectJson<{ monitors: { name: string; domain: unknown }[] }>(
      await api.send(owner, 'GET', '/monitors'),
      200,
    );
    expect(list.monitors.map(({ name, domain }) => [name, domain])).toEqual([
      ['Shop', { domain: 'example.com', expiresAt: START + 3 * DAY_MS, daysRemaining: expect.any(Number) }],
      ['Blog', null],
    ]);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await api.expectJson<{ paths: Record<string, unknown> }>(
      await api.t.request('/api/v1/openapi.json'),
      200,
    );
    expect(doc.paths['/monitors/{id}/domain']).toBeDefined();
  });
});
