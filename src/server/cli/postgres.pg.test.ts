// Needs PostgreSQL: runs only in `npm run test:pg`.
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { freePort, spawnUntilLogged, startUpwatch } from '../test/upwatch-process.ts';

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `cli_${uuidv7().replaceAll('-', '')}`;
const databaseUrl = `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
let admin: DatabaseHandle;

beforeAll(async () => {
  admin = connectDatabase({ dialect: 'postgres', url: baseUrl }, { poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
});
afterAll(async () => {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
  await admin.destroy();
});

it('upwatch serve runs the web server on PostgreSQL and stops cleanly', async () => {
  const port = await freePort();
  const server = await startUpwatch(
    ['serve'],
    { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/upwatch-pg-cli' },
    port,
  );
  const config = await (await fetch(`${server.url}/api/v1/public-config`)).json();
  expect(config.githubSignIn).toBe(false);
  const tables = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(
    admin.db,
  );
  expect(tables.rows[0]?.n).toBeGreaterThanOrEqual(5);
  expect((await server.stop()).code).toBe(0);
});

it('upwatch worker starts with its region, then stops cleanly on SIGTERM', async () => {
  const { code, stdout } = await spawnUntilLogged(
    ['worker', '--region', 'eu-west'],
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', DATA_DIR: '/tmp/upwatch-pg-cli' },
    'worker started',
  );
  expect(stdout).toMatch(/"region":"eu-west".*"msg":"worker started"/);
  expect(stdout).toContain('worker stopped');
  expect(code).toBe(0);
});
