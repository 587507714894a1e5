// A TCP monitor over TLS gets what an https monitor gets from the certificate slice: checks of
// its host and port's certificate, the security tab's overview, and a check at once when its
// own TCP check sees a new certificate. A TCP monitor without TLS has no certificate to check.
import { X509Certificate } from 'node:crypto';
import type { Server as HttpsServer } from 'node:https';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorInputOf } from '../../core/api/monitors.ts';
import { type AlertApp, createAlertApp } from '../alerts/test/alert-app.ts';
import { createTestCertificates, type TestCertificates } from '../checks/test/certificates.ts';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { tcpKind } from '../monitors/kinds/tcp.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import { pump } from '../test/check-job-harness.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { getSslOverview } from './overview.ts';
import { loopbackGuard, testSslJob } from './test/ssl-job-harness.ts';

let certs: TestCertificates;
let server: Target;
let t: AlertApp;
const signal = new AbortController().signal;

beforeAll(() => {
  certs = createTestCertificates();
});
beforeEach(async () => {
  t = await createAlertApp();
  server = await startTarget((_req, res) => res.end('ok'), {
    tls: { key: certs.key, cert: `${certs.chainedCert}${certs.intermediate}` },
  });
});
afterEach(async () => {
  await server.close();
  await t.close();
});

const guard = () => loopbackGuard(certs.ca);

async function tcpMonitor(tls: boolean): Promise<MonitorTable> {
  const user = await t.user();
  const input = { kind: 'tcp', host: 'localhost', port: server.port, tls, send: null, expect: null };
  const row = {
    ...monitorRow(user.id, '', t.clock.now(), { name: tls ? 'Mail TLS' : 'Mail' }),
    ...tcpKind.columns(input as MonitorInputOf<'tcp'>),
    kind: 'tcp' as const,
  };
  await insertMonitors(t.db, [row]);
  return row;
}

const sslJob = () => testSslJob(t, certs.ca);

const fingerprints = async () =>
  (await t.db.selectFrom('ssl_checks').select('fingerprint_sha256').orderBy('checked_at').execute()).map(
    (row) => row.fingerprint_sha256,
  );

describe('certificates of TCP monitors', () => {
  it('checks the certificate of a TCP monitor over TLS, and has none to check without TLS', async () => {
    const secure = await tcpMonitor(true);
    const plain = await tcpMonitor(false);
    const job = sslJob();
    await job.run(signal);
    await job.idle();

    expect(await fingerprints()).toEqual([new X509Certificate(certs.chainedCert).fingerprint256]);
    const overview = await getSslOverview(t.db, secure);
    expect(overview.applicable).toBe(true);
    expect(overview.current).toMatchObject({ hostnameMatch: true });
    expect(await getSslOverview(t.db, plain)).toEqual({
      applicable: false,
      current: null,
      certificates: [],
      nextCheckAt: null,
    });
  });

  it('checks again at once when the TCP check sees a renewed certificate', async () => {
    const monitor = await tcpMonitor(true);
    const job = sslJob();
    await job.run(signal);
    await job.idle();
    expect(await fingerprints()).toHaveLength(1);

    (server.server as HttpsServer).setSecureContext({
      key: certs.key,
      cert: `${certs.renewedCert}${certs.intermediate}`,
    });
    const checks = createCheckJob({
      db: t.db,
      dialect: t.database.dialect,
      clock: t.clock,
      guard: guard(),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: 'test',
      workerId: 'tcp-test-worker',
    });
    await pump(checks, async () => {
      // Results are stored at most every 500 ms of the clock.
      t.clock.advance(100);
      const row = await t.db
        .selectFrom('monitors')
        .select('last_checked_at')
        .where('id', '=', monitor.id)
        .executeTakeFirstOrThrow();
      return row.last_checked_at !== null;
    });
    await job.run(signal);
    await job.idle();
    expect(await fingerprints()).toEqual([
      new X509Certificate(certs.chainedCert).fingerprint256,
      new X509Certificate(certs.renewedCert).fingerprint256,
    ]);
  });
});
