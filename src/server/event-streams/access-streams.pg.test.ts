// Needs PostgreSQL: a removal made through one `upwatch serve` ends, within a second, the
// removed person's streams held open on another, through the LISTEN/NOTIFY bus.
import { afterEach, expect, it } from 'vitest';
import { createPostgresEventBus } from '../platform/events/postgres-bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createUser } from '../test/factories.ts';
import { listen } from '../test/listen.ts';
import { buildApp, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { expectEndWithinASecond, holdStream } from './test/stream-end.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it("ends a removed member's streams, by cookie and by key, held on another process", async () => {
  const database = await createTestDatabase();
  cleanup.push(() => database.destroy());
  const channel = `access_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const process = async () => {
    const events = await createPostgresEventBus({
      url,
      db: database.db,
      logger: createLogger('silent'),
      channel,
    });
    cleanup.push(() => events.close());
    return buildApp(database, {}, { events });
  };
  const first = await process();
  const second = await process();
  const server = await listen(second.app);
  cleanup.push(() => server.close());

  const owner = await createUser(first.auth);
  await first.billing.attach?.grant(owner.id, 'pro');
  const grace = await createUser(first.auth);
  await joinWorkspace(database.db, database.dialect, owner.id, grace.id, 'member');
  const created = await first.app.request('/api/v1/api-keys', {
    method: 'POST',
    headers: { cookie: grace.cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'CI' }),
  });
  expect(created.status).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const byCookie = await holdStream(`${server.url}/api/v1/events`, { cookie: grace.cookie });
  const byKey = await holdStream(`${server.url}/api/v1/events`, { authorization: `Bearer ${key}` });
  cleanup.push(async () => {
    await byCookie.cancel();
    await byKey.cancel();
  });

  await expectEndWithinASecond([byCookie, byKey], async () => {
    const removed = await first.app.request(`/api/v1/workspace/members/${grace.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(removed.status).toBe(204);
  });
});
