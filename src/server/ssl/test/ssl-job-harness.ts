// A certificate job for tests on an alert app's database, reaching only loopback, where
// `localhost` is 127.0.0.1 and the test CA is trusted.
import type { AlertApp } from '../../alerts/test/alert-app.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTargetGuard, type TargetGuard } from '../../platform/net/target-guard.ts';
import { loopbackOnlyOpener, tableResolver } from '../../platform/net/test/loopback-only.ts';
import { createSslJob } from '../ssl-job.ts';

export function loopbackGuard(ca: string): TargetGuard {
  return createTargetGuard({
    allowPrivateTargets: true,
    resolve: tableResolver({ localhost: ['127.0.0.1'] }),
    openSocket: loopbackOnlyOpener(),
    ca: [ca],
  });
}

export function testSslJob(t: AlertApp, ca: string) {
  return createSslJob({
    db: t.db,
    dialect: t.database.dialect,
    clock: t.clock,
    guard: loopbackGuard(ca),
    logger: createLogger('silent'),
    region: 'test',
    workerId: 'ssl-test-worker',
    entitlements: t.entitlements,
  });
}
