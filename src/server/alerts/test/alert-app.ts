// An app wired like production for alert tests: channels sent through an SSRF guard whose
// sockets can only reach this machine, mail to the outbox or a given SMTP server, and the
// delivery job driven by hand.

import type { ProviderUrls } from '../../../core/channels/delivery.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../platform/mail/mailer.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../../platform/net/test/loopback-only.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { buildApp, TEST_PUBLIC_URL, TEST_SECRET, testResolver } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { createDispatcher } from '../create-alerts.ts';
import { createDeliveryJob } from '../delivery-job.ts';

export const START = Date.UTC(2026, 10, 2, 9, 0, 0);

export interface AlertAppOptions {
  /** Loopback receivers need it; the SSRF tests turn it off. */
  allowPrivateTargets?: boolean;
  smtpUrl?: string;
  /** Hosted providers' API bases (Telegram…), pointed at a local stand-in. */
  providers?: ProviderUrls;
}

export async function createAlertApp({
  allowPrivateTargets = true,
  smtpUrl,
  providers,
}: AlertAppOptions = {}) {
  const clock = new ManualClock(START);
  const database = await createTestDatabase();
  const logger = createLogger('silent');
  const openSocket = loopbackOnlyOpener();
  const guard = createTargetGuard({ allowPrivateTargets, resolve: testResolver, openSocket });
  const mailer: Mailer = smtpUrl
    ? createSmtpMailer(smtpUrl, 'Upwatch <alerts@upwatch.test>')
    : createOutboxMailer(database.db, clock);
  const { app, auth, billing, rum } = buildApp(
    database,
    { alertProviders: providers },
    { clock, alertParts: { guard, mailer } },
  );
  const dispatcher = createDispatcher({
    db: database.db,
    clock,
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    entitlements: billing.entitlements,
    guard,
    mailer,
    providers,
  });
  const job = createDeliveryJob({ db: database.db, dialect: database.dialect, clock, dispatcher, logger });

  function send(user: TestUser, method: string, path: string, body?: unknown) {
    return Promise.resolve(
      app.request(`/api/v1${path}`, {
        method,
        headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  return {
    auth,
    clock,
    db: database.db,
    database,
    entitlements: billing.entitlements,
    job,
    /** Real-user monitoring's parts (the page-view buffer). */
    rum,
    openSocket,
    send,
    /** A request outside /api/v1 (public endpoints), no session. */
    request: (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init)),
    async user(plan: 'free' | 'starter' | 'pro' = 'free') {
      const user = await createUser(auth);
      if (plan !== 'free') await billing.attach?.grant(user.id, plan);
      return user;
    },
    /** Runs the delivery job until nothing due is left. */
    async deliver() {
      while (await job.run(new AbortController().signal)) {}
    },
    async close() {
      await mailer.close();
      await database.destroy();
    },
  };
}

export type AlertApp = Awaited<ReturnType<typeof createAlertApp>>;
