// Needs PostgreSQL: two web app instances (as two `upwatch serve` processes would be) on one
// database, each with its own LISTEN/NOTIFY bus. Runs in `npm run test:pg`.
import { afterEach, expect, it } from 'vitest';
import { createPostgresEventBus } from '../platform/events/postgres-bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createUser } from '../test/factories.ts';
import { listen } from '../test/listen.ts';
import { readSse } from '../test/sse-reader.ts';
import { buildApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('delivers an event published by one process to a browser connected to another within a second', async () => {
  const database = await createTestDatabase();
  cleanup.push(() => database.destroy());
  const channel = `sse_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const bus = async () => {
    const created = await createPostgresEventBus({
      url,
      db: database.db,
      logger: createLogger('silent'),
      channel,
    });
    cleanup.push(() => created.close());
    return created;
  };
  const workerBus = await bus();
  const web = buildApp(database, {}, { events: await bus() });
  const server = await listen(web.app);
  cleanup.push(() => server.close());

  const user = await createUser(web.auth);
  const response = await fetch(`${server.url}/api/v1/events`, { headers: { cookie: user.cookie } });
  const stream = readSse(response);
  cleanup.push(async () => stream.close());
  await stream.next((event) => event.event === 'ready');

  const sentAt = Date.now();
  workerBus.publish([
    { type: 'monitor.down', workspaceId: user.id, monitorId: 'm1', at: sentAt, from: 'up', to: 'down' },
  ]);
  const received = await stream.next((event) => event.event === 'monitor.down', 1000);
  expect(received.data).toEqual({ monitorId: 'm1', at: sentAt, from: 'up', to: 'down' });
  expect(Date.now() - sentAt).toBeLessThan(1000);
});
