// The outage harness (a loopback target, the check and alert jobs, a real SMTP server on a
// ManualClock) plus the subscriber job sending to the same SMTP server and to loopback webhooks,
// and the visitor's form posts, so a test walks the whole subscription by the real routes.
import { createPostJson } from '../../../alerts/post-json.ts';
import type { ReceivedMail } from '../../../alerts/test/smtp-sink.ts';
import { type OutageHarness, startOutageHarness } from '../../../incidents/test/outage-harness.ts';
import { createLogger } from '../../../platform/logger.ts';
import { createSmtpMailer } from '../../../platform/mail/mailer.ts';
import { createTargetGuard } from '../../../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../../../platform/net/test/loopback-only.ts';
import { TEST_PUBLIC_URL, TEST_SECRET } from '../../../test/test-app.ts';
import { createSubscriberJob } from '../job.ts';

const signal = new AbortController().signal;
export const MINUTE = 60_000;

export async function startSubscriberHarness(plan: 'free' | 'starter' | 'pro' = 'starter') {
  const h: OutageHarness = await startOutageHarness({ plan });
  const mailer = createSmtpMailer(h.sink.url, 'Upwatch <status@upwatch.test>');
  const job = createSubscriberJob({
    db: h.app.db,
    dialect: h.app.database.dialect,
    clock: h.app.clock,
    logger: createLogger('silent'),
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    mailer,
    postJson: createPostJson(
      createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    ),
  });

  const monitorStatus = async (id: string) =>
    (await h.app.db.selectFrom('monitors').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  async function stepUntil(done: () => Promise<boolean>, limit = 50) {
    for (let i = 0; i < limit; i++) {
      if (await done()) return;
      await h.step();
    }
    throw new Error(`not reached within ${limit} checks`);
  }

  return {
    h,
    /** Runs the subscriber job until nothing due is left. */
    async notify() {
      while (await job.run(signal)) {}
    },
    /** A published page named Acme showing the monitors (name: the page's name for it). */
    async page(slug: string, monitors: { monitorId: string; displayName?: string }[]) {
      const response = await h.app.send(h.owner, 'POST', '/status-pages', {
        name: 'Acme',
        slug,
        published: true,
        monitors,
      });
      if (response.status !== 201) throw new Error(await response.text());
      return (await response.json()) as { id: string; slug: string };
    },
    /** The visitor's form post. */
    subscribe(slug: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
      }
      return h.app.request(`/status/${slug}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form.toString(),
      });
    },
    mailsTo: (address: string): ReceivedMail[] => h.sink.mails.filter((mail) => mail.to.includes(address)),
    /** The monitor goes down and its incident opens (the outage confirmed by a re-check). */
    async outage(monitorId: string) {
      h.answer('error');
      await stepUntil(async () => (await monitorStatus(monitorId)) === 'down');
    },
    async recovery(monitorId: string) {
      h.answer('ok');
      await stepUntil(async () => (await monitorStatus(monitorId)) === 'up');
    },
    async up(monitorId: string) {
      await stepUntil(async () => (await monitorStatus(monitorId)) === 'up');
    },
    async close() {
      await mailer.close();
      await h.close();
    },
  };
}

export type SubscriberHarness = Awaited<ReturnType<typeof startSubscriberHarness>>;
