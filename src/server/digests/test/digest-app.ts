// An app wired like production for digest tests: a fake clock, mail over a real SMTP server
// (or the outbox), and the digest job driven by hand, as one or as two processes.
import { sql } from 'kysely';
import type { Period } from '../../../core/digest-periods.ts';
import { startSmtpSink } from '../../alerts/test/smtp-sink.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/connect.ts';
import { createLogger } from '../../platform/logger.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../platform/mail/mailer.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { buildApp, TEST_PUBLIC_URL, TEST_SECRET, testResolver } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { createDigestPass } from '../job.ts';
import { sendPeriodDigest } from '../send.ts';
import { loadRecipient } from '../settings.ts';

/** Monday 16 November 2026, 09:00 in Berlin (UTC+1): a weekly digest is due since 08:00. */
export const MONDAY_0900_BERLIN = Date.UTC(2026, 10, 16, 8, 0, 0);
export const BERLIN = 'Europe/Berlin';

export async function createDigestApp({ smtp = true }: { smtp?: boolean } = {}) {
  const clock = new ManualClock(MONDAY_0900_BERLIN);
  const database = await createTestDatabase({ poolSize: 6 });
  const sink = smtp ? await startSmtpSink() : undefined;
  const logger = createLogger('silent');
  const guard = createTargetGuard({ allowPrivateTargets: false, resolve: testResolver });
  const mailer: Mailer = sink
    ? createSmtpMailer(sink.url, 'Upwatch <digests@upwatch.test>')
    : createOutboxMailer(database.db, clock);
  const { app, auth, billing } = buildApp(database, {}, { clock, alertParts: { guard, mailer } });
  const jobDeps = (handle: DatabaseHandle) => ({
    ...handle,
    clock,
    mailer,
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    logger,
    entitlements: billing.entitlements,
  });
  const second = database.reconnect();
  const firstPass = createDigestPass(jobDeps(database));
  const secondPass = createDigestPass(jobDeps(second));

  return {
    app,
    clock,
    db: database.db,
    dialect: database.dialect,
    mails: sink?.mails ?? [],
    /** One pass of the digest job, as the one worker process would run it. */
    runJob: firstPass,
    /** The same pass in two processes at once (two connections, two pools). */
    runJobTwice: () => Promise.all([firstPass(), secondPass()]),
    /** The send step itself from two processes at once, with no lock around it. */
    async sendPeriodTwice(userId: string, period: Period) {
      const recipient = await loadRecipient(database.db, userId);
      if (!recipient) throw new Error('no such user');
      return Promise.all([
        sendPeriodDigest(jobDeps(database), recipient, period),
        sendPeriodDigest(jobDeps(second), recipient, period),
      ]);
    },
    /** A user in `plan` (starter by default), created well before the periods under test. */
    async user(plan: 'free' | 'starter' | 'pro' = 'starter', timezone = BERLIN): Promise<TestUser> {
      const user = await createUser(auth, { timezone });
      const createdAt = new Date(MONDAY_0900_BERLIN - 60 * 86_400_000);
      await database.db
        .updateTable('user')
        .set({ createdAt: database.dialect === 'sqlite' ? createdAt.toISOString() : createdAt })
        .where('id', '=', user.id)
        .execute();
      if (plan !== 'free') await billing.attach?.grant(user.id, plan);
      return user;
    },
    send(user: TestUser | null, method: string, path: string, body?: unknown) {
      const headers = new Headers({ origin: TEST_PUBLIC_URL });
      if (user) headers.set('cookie', user.cookie);
      if (body !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(
        app.request(`/api/v1${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    },
    async reportCount(userId: string): Promise<number> {
      const row = await database.db
        .selectFrom('digest_reports')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await mailer.close();
      await sink?.close();
      await second.destroy();
      await database.destroy();
    },
  };
}

export type DigestApp = Awaited<ReturnType<typeof createDigestApp>>;
