// A test app on a ManualClock for sign-up and owner tests: no SMTP (mail lands in the page
// owner's outbox), the client address taken from X-Forwarded-For, the subscriber job by hand.
import { createPostJson } from '../../../alerts/post-json.ts';
import { createLogger } from '../../../platform/logger.ts';
import { createOutboxMailer } from '../../../platform/mail/mailer.ts';
import { createTargetGuard } from '../../../platform/net/target-guard.ts';
import type { TestUser } from '../../../test/factories.ts';
import { TEST_PUBLIC_URL, TEST_SECRET, testResolver } from '../../../test/test-app.ts';
import { createUserApp } from '../../../test/user-app.ts';
import { createSubscriberJob } from '../job.ts';

const signal = new AbortController().signal;

export async function createSubscriberApp(now: number) {
  const app = await createUserApp(now, { trustProxy: true });
  const { db, dialect } = app.t.database;
  const job = createSubscriberJob({
    db,
    dialect,
    clock: app.clock,
    logger: createLogger('silent'),
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    mailer: createOutboxMailer(db, app.clock),
    postJson: createPostJson(createTargetGuard({ allowPrivateTargets: false, resolve: testResolver })),
  });

  return {
    ...app,
    db,
    async monitor(user: TestUser, name: string) {
      const body = { name, url: `https://${name}.example.com` };
      return app.json<{ id: string }>(await app.send(user, 'POST', '/monitors', body), 201);
    },
    async page(user: TestUser, slug: string, monitorIds: string[] = [], published = true) {
      const body = {
        name: 'Acme',
        slug,
        published,
        monitors: monitorIds.map((monitorId) => ({ monitorId })),
      };
      return app.json<{ id: string }>(await app.send(user, 'POST', '/status-pages', body), 201);
    },
    subscribe(
      slug: string,
      fields: Record<string, string | string[]>,
      from = '203.0.113.7',
      headers: Record<string, string> = {},
    ) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
      }
      return Promise.resolve(
        app.t.app.request(`/status/${slug}/subscribe`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': from,
            ...headers,
          },
          body: form.toString(),
        }),
      );
    },
    get: (path: string, init?: RequestInit) => Promise.resolve(app.t.app.request(path, init)),
    async notify() {
      while (await job.run(signal)) {}
    },
    /** The page owner's outbox, newest first, as the API answers it. */
    async outbox(user: TestUser) {
      const { mails } = await app.json<{ mails: { to: string; subject: string; text: string }[] }>(
        await app.send(user, 'GET', '/outbox'),
        200,
      );
      return mails;
    },
  };
}

export type SubscriberApp = Awaited<ReturnType<typeof createSubscriberApp>>;

/** The path of the first `${TEST_PUBLIC_URL}${prefix}…` link in a text. */
export function pathIn(text: string, prefix: string): string {
  const found = text.match(new RegExp(`${TEST_PUBLIC_URL}(${prefix}[^\\s>"]+)`));
  if (!found?.[1]) throw new Error(`no ${prefix} link in: ${text}`);
  return found[1];
}
