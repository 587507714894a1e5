// Needs PostgreSQL: runs only in `npm run test:pg`.
import { sql } from 'kysely';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { afterEach, expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { waitFor } from '../../test/wait-for.ts';
import { ManualClock } from '../clock.ts';
import { createLogger } from '../logger.ts';
import type { AppEvent } from './bus.ts';
import { createPostgresEventBus } from './postgres-bus.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function bus(database: TestDatabase, channel: string) {
  const created = await createPostgresEventBus({
    url,
    db: database.db,
    logger: createLogger('silent'),
    channel,
  });
  cleanup.push(() => created.close());
  return created;
}

function event(n: number): AppEvent {
  return { type: 'monitor.down', workspaceId: 'u1', monitorId: `m${n}`, at: n, from: 'up', to: 'down' };
}

it("carries an event published in one process's bus to another's subscribers", async () => {
  const database = await createTestDatabase();
  cleanup.push(() => database.destroy());
  const channel = `test_${uuidv7().replaceAll('-', '')}`;
  const worker = await bus(database, channel);
  const web = await bus(database, channel);
  const seen: AppEvent[] = [];
  web.subscribe((received) => seen.push(received));

  // Many events at once: more than one NOTIFY payload's worth.
  worker.publish(Array.from({ length: 200 }, (_, n) => event(n)));
  for (let i = 0; i < 100 && seen.length < 200; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(seen).toHaveLength(200);
  expect(seen[199]).toEqual(event(199));
});

it('LISTENs again after its connection is killed, retrying on the injected clock, and logs the loss once', async () => {
  const database = await createTestDatabase();
  cleanup.push(() => database.destroy());
  const channel = `test_${uuidv7().replaceAll('-', '')}`;
  const clock = new ManualClock();
  const { logger, messages } = capturedLogger();
  const web = await createPostgresEventBus({ url, db: database.db, logger, channel, clock });
  cleanup.push(() => web.close());
  // Another process's NOTIFY, without a listener of its own on the channel.
  const notify = (n: number) =>
    sql`select pg_notify(${channel}, ${JSON.stringify([event(n)])})`.execute(database.db);
  const seen: AppEvent[] = [];
  web.subscribe((received) => seen.push(received));

  const killed = await sql<{ pid: number }>`
    select pg_terminate_backend(pid), pid from pg_stat_activity
     where query = ${`LISTEN ${pg.escapeIdentifier(channel)}`}`.execute(database.db);
  expect(killed.rows).toHaveLength(1);
  await waitFor(async () => messages().includes('event listener connection lost; reconnecting'), 5000);
  // Nothing reconnects until the clock says so.
  await notify(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen).toEqual([]);

  clock.advance(250);
  await waitFor(async () => messages().includes('event listener reconnected; LISTEN resumed'), 5000);
  await notify(2);
  await waitFor(async () => seen.length > 0, 5000);
  expect(seen).toEqual([event(2)]);
  expect(messages()).toEqual([
    'event listener connection lost; reconnecting',
    'event listener reconnected; LISTEN resumed',
  ]);
});
