// Needs PostgreSQL: runs only in `npm run test:pg`. Kills the pool's own connections with
// pg_terminate_backend, idle and checked out, and cuts them in a relay as a network blip would;
// an unheard 'error' from any used to be an uncaught exception that ended the process (here,
// the test run).
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger.ts';
import { waitFor } from '../../test/wait-for.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

async function backendPid(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
  return rows[0]?.pid ?? 0;
}

it('an idle pooled connection killed by the server is logged once and replaced; the next query works', async () => {
  const { logger, messages } = capturedLogger();
  const handle = connectDatabase({ dialect: 'postgres', url }, { poolSize: 1, logger });
  cleanup.push(() => handle.destroy());
  const first = await backendPid(handle);
  await terminate(first);
  await waitFor(async () => messages().includes('database connection lost; retrying'), 5000);

  const second = await backendPid(handle);
  expect(second).not.toBe(first);
  expect(messages()).toEqual(['database connection lost; retrying', 'database connection restored']);
});

it('a connection killed while checked out between two queries fails that work, not the process', async () => {
  const { logger, messages } = capturedLogger();
  const handle = connectDatabase({ dialect: 'postgres', url }, { poolSize: 2, logger });
  cleanup.push(() => handle.destroy());
  const outcome = await handle.db
    .connection()
    .execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await terminate(rows[0]?.pid ?? 0);
      await waitFor(async () => messages().includes('database connection lost; retrying'), 5000);
      await sql`select 1`.execute(conn);
      return 'ran';
    })
    .catch((err: Error) => err.message);
  expect(outcome).toMatch(/not queryable|Connection terminated/);
  expect(await backendPid(handle)).toBeGreaterThan(0);
});

/** A TCP relay to the database whose connections the test can cut, as a network blip does. */
async function relay(to: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    const upstream = connect(Number(to.port || 5432), to.hostname);
    for (const [a, b] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const through = new URL(to);
  through.port = String(port);
  return {
    url: through.toString(),
    cut: () => {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it('a network blip that resets every connection is survived: the work in progress fails, the next query works', async () => {
  const blip = await relay(new URL(url));
  cleanup.push(blip.close);
  const { logger, messages } = capturedLogger();
  const handle = connectDatabase({ dialect: 'postgres', url: blip.url }, { poolSize: 2, logger });
  cleanup.push(() => handle.destroy());
  await backendPid(handle);
  const running = sql`select pg_sleep(5)`.execute(handle.db).then(
    () => 'finished',
    (err: Error) => err.message,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  blip.cut();
  expect(await running).toMatch(/Connection terminated|ECONNRESET|read ECONNRESET/);
  await waitFor(async () => messages().includes('database connection lost; retrying'), 5000);
  expect(await backendPid(handle)).toBeGreaterThan(0);
  expect(messages()).toEqual(['database connection lost; retrying', 'database connection restored']);
});
