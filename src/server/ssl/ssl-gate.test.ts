import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { ManualClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { createUser } from '../test/factories.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SSL_CHECK_EVERY_MS } from './record.ts';
import { createSslJob } from './ssl-job.ts';

const START = Date.UTC(2026, 10, 22, 12);
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { clock: new ManualClock(START), catalogue: TEST_CATALOGUE });
});
afterEach(async () => {
  await t.close();
});

describe('the certificate job without SSL certificate monitoring in the plan', () => {
  it('checks nothing and looks again a period later', async () => {
    const user = await createUser(t.auth);
    const row = monitorRow(user.id, 'https://127.0.0.1:9/', START);
    await insertMonitors(t.database.db, [row]);
    const openSocket = loopbackOnlyOpener();
    const job = createSslJob({
      db: t.database.db,
      dialect: t.database.dialect,
      clock: new ManualClock(START),
      guard: createTargetGuard({ allowPrivateTargets: true, openSocket }),
      logger: createLogger('silent'),
      region: 'test',
      workerId: 'gate-test',
      entitlements: t.billing.entitlements,
    });
    await job.run(new AbortController().signal);
    await job.idle();
    expect(openSocket.attempts).toEqual([]);
    expect(await t.database.db.selectFrom('ssl_checks').selectAll().execute()).toEqual([]);
    const state = await t.database.db.selectFrom('monitor_ssl_state').selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({ next_check_at: START + SSL_CHECK_EVERY_MS, claimed_by: null });
  });
});
