import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monitorListSchema } from '../../core/api/monitors.ts';
import { type Certificate, type SslOverview, sslOverviewSchema } from '../../core/api/ssl.ts';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import type { SslCheckResult } from '../checks/ssl.ts';
import { DAY_MS } from '../checks/ssl-problems.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { type IncidentApi, incidentApi, START } from '../test/incident-api.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { sslCheckRow } from './check-rows.ts';
import { newSslState } from './state.ts';

function certificate(fingerprint: string, validTo: number): Certificate {
  return {
    subjectCn: 'shop.example.com',
    subjectAltNames: ['shop.example.com'],
    issuer: 'R11',
    issuerOrganization: "Let's Encrypt",
    serialNumber: '04A1',
    fingerprintSha256: fingerprint,
    validFrom: validTo - 90 * DAY_MS,
    validTo,
    keyType: 'EC',
    keyBits: 256,
    signatureAlgorithm: 'ecdsa-with-SHA256',
  };
}

function result(at: number, cert: Certificate): SslCheckResult {
  return {
    status: 'up',
    failure: null,
    startedAt: at,
    region: 'local',
    certificate: cert,
    chain: [
      {
        subject: 'shop.example.com',
        issuer: 'R11',
        validTo: cert.validTo,
        fingerprintSha256: cert.fingerprintSha256,
        selfSigned: false,
      },
    ],
    protocol: 'TLSv1.3',
    cipher: 'TLS_AES_128_GCM_SHA256',
    ocspStapled: false,
    chainComplete: true,
    trusted: true,
    hostnameMatch: true,
    daysRemaining: Math.floor((cert.validTo - at) / DAY_MS),
    problems: [],
  };
}

let api: IncidentApi;
beforeEach(async () => {
  api = await incidentApi();
});
afterEach(async () => {
  await api.t.close();
});

async function record(monitorId: string, at: number, cert: Certificate) {
  const id = `ssl-${at}`;
  await api.t.database.db
    .insertInto('ssl_checks')
    .values(sslCheckRow(id, monitorId, result(at, cert)))
    .execute();
  return id;
}

describe('GET /api/v1/monitors/{id}/ssl', () => {
  it('returns the latest check, the distinct certificates newest first and the next check', async () => {
    const owner = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    const old = certificate('AA:01', START + 10 * DAY_MS);
    const renewed = certificate('BB:02', START + 80 * DAY_MS);
    await record(shop.id, START - 3 * DAY_MS, old);
    await record(shop.id, START - 2 * DAY_MS, old);
    const latest = await record(shop.id, START - DAY_MS, renewed);
    await api.t.database.db
      .insertInto('monitor_ssl_state')
      .values(newSslState(shop.id, START + 11 * 3_600_000, { valid_to: renewed.validTo }))
      .execute();

    const overview = await api.expectJson<SslOverview>(
      await api.send(owner, 'GET', `/monitors/${shop.id}/ssl`),
      200,
    );
    expect(sslOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.applicable).toBe(true);
    expect(overview.current).toMatchObject({
      id: latest,
      monitorId: shop.id,
      checkedAt: START - DAY_MS,
      error: null,
    });
    expect(overview.current?.certificate).toEqual(renewed);
    expect(overview.certificates).toEqual([
      {
        fingerprintSha256: 'BB:02',
        subjectCn: 'shop.example.com',
        issuer: 'R11',
        validFrom: renewed.validFrom,
        validTo: renewed.validTo,
        firstSeenAt: START - DAY_MS,
        lastSeenAt: START - DAY_MS,
      },
      {
        fingerprintSha256: 'AA:01',
        subjectCn: 'shop.example.com',
        issuer: 'R11',
        validFrom: old.validFrom,
        validTo: old.validTo,
        firstSeenAt: START - 3 * DAY_MS,
        lastSeenAt: START - 2 * DAY_MS,
      },
    ]);
    expect(overview.nextCheckAt).toBe(START + 11 * 3_600_000);
  });

  it('says an http:// monitor has no certificate to watch', async () => {
    const owner = await api.user();
    const response = await api.send(owner, 'POST', '/monitors', {
      name: 'Plain',
      url: 'http://plain.example.com',
    });
    const plain = await api.expectJson<{ id: string }>(response, 201);
    const overview = await api.expectJson<SslOverview>(
      await api.send(owner, 'GET', `/monitors/${plain.id}/ssl`),
      200,
    );
    expect(overview).toEqual({ applicable: false, current: null, certificates: [], nextCheckAt: null });
  });

  it("answers 404 for another user's monitor and for one that does not exist", async () => {
    const owner = await api.user();
    const other = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    await record(shop.id, START - DAY_MS, certificate('AA:01', START + 10 * DAY_MS));
    for (const id of [shop.id, 'no-such-monitor']) {
      const body = await api.expectJson<{ error: { code: string } }>(
        await api.send(other, 'GET', `/monitors/${id}/ssl`),
        404,
      );
      expect(body.error.code).toBe('monitor_not_found');
    }
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = await api.expectJson<{ paths: Record<string, unknown> }>(
      await api.t.request('/api/v1/openapi.json'),
      200,
    );
    expect(Object.keys(doc.paths)).toContain('/monitors/{id}/ssl');
  });
});

describe('the monitor list badge', () => {
  it("shows days left, expiry and problem count for checked https monitors only, each owner's own", async () => {
    const owner = await api.user();
    const other = await api.user();
    const shop = await api.monitor(owner, 'Shop');
    const blog = await api.monitor(owner, 'Blog');
    const theirs = await api.monitor(other, 'Theirs');
    const validTo = START + 13 * DAY_MS + 5 * 3_600_000;
    await api.t.database.db
      .insertInto('monitor_ssl_state')
      .values([
        newSslState(shop.id, START, { valid_to: validTo, problem_count: 2 }),
        newSslState(theirs.id, START, { valid_to: validTo }),
      ])
      .execute();
    const list = monitorListSchema.parse(
      await api.expectJson(await api.send(owner, 'GET', '/monitors'), 200),
    );
    const badges = Object.fromEntries(list.monitors.map((monitor) => [monitor.id, monitor.ssl]));
    expect(badges).toEqual({ [shop.id]: { daysRemaining: 13, validTo, problemCount: 2 }, [blog.id]: null });
  });
});

describe('without SSL certificate monitoring in the plan', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { clock: new ManualClock(START), catalogue: TEST_CATALOGUE });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 403 feature_not_in_plan', async () => {
    const user = await createUser(t.auth);
    const row = monitorRow(user.id, 'https://shop.example.com', START);
    await insertMonitors(t.database.db, [row]);
    const response = await t.request(`/api/v1/monitors/${row.id}/ssl`, { headers: { cookie: user.cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'feature_not_in_plan',
        message: 'SSL certificate monitoring requires the Free plan or higher.',
      },
    });
  });
});
