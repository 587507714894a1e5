// Needs PostgreSQL: runs only in `npm run test:pg`.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresSchema, type PostgresSchema } from '../../test/pg-schema.ts';
import { freePort, spawnUntilLogged, startUpwatch } from '../../test/upwatch-process.ts';

let schema: PostgresSchema;
beforeAll(async () => {
  schema = await createPostgresSchema('cli');
});
afterAll(async () => {
  await schema.drop();
});

it('upwatch serve runs the web server on PostgreSQL and stops cleanly', async () => {
  const port = await freePort();
  const server = await startUpwatch(
    ['serve'],
    { DATABASE_URL: schema.url, DATA_DIR: '/tmp/upwatch-pg-cli' },
    port,
  );
  const config = await (await fetch(`${server.url}/api/v1/public-config`)).json();
  expect(config.githubSignIn).toBe(false);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(
    schema.handle.db,
  );
  expect(rows[0]?.n).toBeGreaterThanOrEqual(9);
  expect((await server.stop()).code).toBe(0);
});

it('upwatch worker starts with its region, then stops cleanly on SIGTERM', async () => {
  const { code, stdout } = await spawnUntilLogged(
    ['worker', '--region', 'eu-west'],
    { DATABASE_URL: schema.url, LOG_LEVEL: 'info', DATA_DIR: '/tmp/upwatch-pg-cli' },
    'worker started',
  );
  expect(stdout).toMatch(/"region":"eu-west".*"msg":"worker started"/);
  expect(stdout).toContain('worker stopped');
  expect(code).toBe(0);
});
