import { X509Certificate } from 'node:crypto';
import type { Server as HttpsServer } from 'node:https';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertApp, createAlertApp } from '../alerts/test/alert-app.ts';
import { startSmtpSink } from '../alerts/test/smtp-sink.ts';
import { DAY_MS, formatDay } from '../checks/ssl-problems.ts';
import { createTestCertificates, type TestCertificates } from '../checks/test/certificates.ts';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { countResults } from '../test/result-rows.ts';
import { markChangedCertificates } from './claim.ts';
import { SSL_CHECK_EVERY_MS } from './record.ts';
import { createSslJob, type SslJob } from './ssl-job.ts';
import { newSslState } from './state.ts';
import { loopbackGuard, testSslJob } from './test/ssl-job-harness.ts';

const HOUR = 3_600_000;
let certs: TestCertificates;
let server: Target;

beforeAll(async () => {
  certs = createTestCertificates();
});

let t: AlertApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let job: SslJob;
const signal = new AbortController().signal;

beforeEach(async () => {
  sink = await startSmtpSink();
  t = await createAlertApp({ smtpUrl: sink.url });
});
afterEach(async () => {
  await server?.close();
  await t.close();
  await sink.close();
});

const guard = () => loopbackGuard(certs.ca);

async function serve(cert: string) {
  server = await startTarget((_req, res) => res.end('ok'), { tls: { key: certs.key, cert } });
}

function serveCertificate(cert: string) {
  (server.server as HttpsServer).setSecureContext({ key: certs.key, cert });
}

async function setUp() {
  const user = await t.user();
  const row = monitorRow(user.id, `https://localhost:${server.port}/`, t.clock.now(), { name: 'Shop' });
  await insertMonitors(t.db, [row]);
  job = testSslJob(t, certs.ca);
  return { user, monitor: row };
}

/** One poll of the job, its checks stored, and the alerts they queued delivered. */
async function poll() {
  await job.run(signal);
  await job.idle();
  await t.deliver();
}

const subjects = () => sink.mails.map((mail) => mail.subject);
const countChecks = async () =>
  Number(
    (
      await t.db
        .selectFrom('ssl_checks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const validToOf = (pem: string) => Date.parse(new X509Certificate(pem).validTo);

describe('certificate expiry warnings', () => {
  it('sends the 14-day warning once for a certificate first seen with 13 days left, then the 7-day one, then renewed', async () => {
    await serve(`${certs.chainedCert}${certs.intermediate}`);
    const { monitor } = await setUp();
    const validTo = validToOf(certs.chainedCert);
    t.clock.advance(validTo - 13 * DAY_MS - HOUR - t.clock.now());
    const before = await t.db
      .selectFrom('monitors')
      .selectAll()
      .where('id', '=', monitor.id)
      .executeTakeFirstOrThrow();

    await poll();
    expect(await countChecks()).toBe(1);
    expect(subjects()).toEqual(['[Certificate expiring] Shop — certificate expires in 13 days']);
    expect(sink.mails[0]?.text).toContain(`It expires on ${formatDay(validTo)}.`);
    expect(sink.mails[0]?.text).toContain('Issuer:');

    t.clock.advance(12 * HOUR);
    await poll();
    expect(await countChecks()).toBe(2);
    expect(subjects()).toHaveLength(1);

    t.clock.advance(validTo - 7 * DAY_MS - HOUR - t.clock.now());
    await poll();
    expect(subjects()).toEqual([
      '[Certificate expiring] Shop — certificate expires in 13 days',
      '[Certificate expiring] Shop — certificate expires in 7 days',
    ]);

    serveCertificate(`${certs.renewedCert}${certs.intermediate}`);
    t.clock.advance(12 * HOUR);
    await poll();
    expect(subjects()).toHaveLength(3);
    expect(subjects()[2]).toBe(
      `[Certificate renewed] Shop — certificate renewed, valid until ${formatDay(validToOf(certs.renewedCert))}`,
    );
    t.clock.advance(12 * HOUR);
    await poll();
    expect(subjects()).toHaveLength(3);

    const after = await t.db
      .selectFrom('monitors')
      .selectAll()
      .where('id', '=', monitor.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await t.db.selectFrom('incidents').selectAll().execute()).toEqual([]);
  });

  it('alerts once when problems appear and once when they clear', async () => {
    await serve(certs.selfSignedCert);
    await setUp();
    t.clock.advance(Date.now() - t.clock.now());
    await poll();
    t.clock.advance(12 * HOUR);
    await poll();
    expect(subjects()).toEqual([
      '[Certificate problem] Shop — The certificate is self-signed, so no browser trusts it.',
    ]);
    expect(sink.mails[0]?.text).toContain("Let's Encrypt");

    serveCertificate(`${certs.chainedCert}${certs.intermediate}`);
    t.clock.advance(12 * HOUR);
    await poll();
    t.clock.advance(12 * HOUR);
    await poll();
    expect(subjects()).toEqual([
      '[Certificate problem] Shop — The certificate is self-signed, so no browser trusts it.',
      '[Certificate OK] Shop — resolved: self-signed certificate',
    ]);
  });
});

describe('certificate checks triggered by the HTTP check', () => {
  it('checks the certificate on the next poll, without the clock moving, once the HTTP check sees a new one', async () => {
    await serve(`${certs.chainedCert}${certs.intermediate}`);
    const { monitor } = await setUp();
    await poll();
    expect(await countChecks()).toBe(1);
    const http = createCheckJob({
      db: t.db,
      dialect: t.database.dialect,
      clock: t.clock,
      guard: guard(),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: 'test',
      workerId: 'http-test-worker',
    });
    // The same certificate: the HTTP check leaves the 12-hour schedule alone.
    await t.db
      .updateTable('monitors')
      .set({ next_run_at: t.clock.now() })
      .where('id', '=', monitor.id)
      .execute();
    await runHttpCheck(http);
    await poll();
    expect(await countChecks()).toBe(1);

    serveCertificate(`${certs.renewedCert}${certs.intermediate}`);
    await t.db
      .updateTable('monitors')
      .set({ next_run_at: t.clock.now() })
      .where('id', '=', monitor.id)
      .execute();
    await runHttpCheck(http);
    const seenAt = t.clock.now();
    await poll();
    expect(await countChecks()).toBe(2);
    const latest = await t.db
      .selectFrom('ssl_checks')
      .select(['fingerprint_sha256', 'checked_at'])
      .orderBy('checked_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest.fingerprint_sha256).toBe(new X509Certificate(certs.renewedCert).fingerprint256);
    expect(latest.checked_at).toBe(seenAt);
  });
});

describe('the fingerprint the HTTP check reported', () => {
  it('stays as reported, so a leaf only the certificate check sees does not trigger check after check', async () => {
    await serve(`${certs.chainedCert}${certs.intermediate}`);
    const { monitor } = await setUp();
    const now = t.clock.now();
    await t.db
      .insertInto('monitor_ssl_state')
      .values(newSslState(monitor.id, now, { last_fingerprint: 'AA:HTTP' }))
      .execute();
    await poll();
    expect(await countChecks()).toBe(1);
    const state = () => t.db.selectFrom('monitor_ssl_state').selectAll().executeTakeFirstOrThrow();
    expect(await state()).toMatchObject({
      last_fingerprint: 'AA:HTTP',
      next_check_at: now + SSL_CHECK_EVERY_MS,
    });
    await markChangedCertificates(t.db, new Map([[monitor.id, 'AA:HTTP']]), now);
    expect((await state()).next_check_at).toBe(now + SSL_CHECK_EVERY_MS);
    await markChangedCertificates(t.db, new Map([[monitor.id, 'BB:HTTP']]), now);
    expect(await state()).toMatchObject({ last_fingerprint: 'BB:HTTP', next_check_at: now });
  });
});

/** Claims the monitor, lets its real HTTP check finish (bounded), and stores the result. */
async function runHttpCheck(http: ReturnType<typeof createCheckJob>) {
  await http.run(signal);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Results are stored at most every 500 ms of the (fake) clock.
    t.clock.advance(100);
    await http.run(signal);
    if (
      (await countResults(t.db)) > 0 &&
      (await t.db.selectFrom('monitors').select('claimed_by').executeTakeFirstOrThrow()).claimed_by === null
    )
      return;
  }
  throw new Error('The HTTP check did not finish within 2 s.');
}

describe('certificate checks across workers', () => {
  it('checks each due certificate once when two workers poll at the same time', async () => {
    await serve(`${certs.chainedCert}${certs.intermediate}`);
    const user = await t.user();
    const rows = Array.from({ length: 12 }, (_, index) =>
      monitorRow(user.id, `https://localhost:${server.port}/${index}`, t.clock.now()),
    );
    await insertMonitors(t.db, rows);
    const worker = (workerId: string) =>
      createSslJob({
        db: t.db,
        dialect: t.database.dialect,
        clock: t.clock,
        guard: guard(),
        logger: createLogger('silent'),
        region: 'test',
        workerId,
        entitlements: t.entitlements,
        concurrency: 4,
      });
    const workers = [worker('a'), worker('b')];
    for (let round = 0; round < 10 && (await countChecks()) < rows.length; round += 1) {
      await Promise.all(workers.map((w) => w.run(signal)));
      await Promise.all(workers.map((w) => w.idle()));
    }
    const checked = await t.db.selectFrom('ssl_checks').select('monitor_id').execute();
    expect(checked).toHaveLength(rows.length);
    expect(new Set(checked.map((row) => row.monitor_id)).size).toBe(rows.length);
  });
});
