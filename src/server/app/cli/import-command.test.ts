// `upwatch import` as a real child process against a real server on 127.0.0.1, with an API key.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { listen } from '../../test/listen.ts';
import { runUpwatch } from '../../test/upwatch-process.ts';
import { createUserApp } from '../../test/user-app.ts';

const NOW = Date.UTC(2026, 10, 26, 9);
const KUMA = path.resolve(import.meta.dirname, '../../imports/fixtures/kuma-backup.json');
const KUMA_DB = path.resolve(import.meta.dirname, '../../imports/fixtures/kuma-real/kuma-2.5.3.db');

let app: Awaited<ReturnType<typeof createUserApp>>;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  app = await createUserApp(NOW, { allowPrivateTargets: true });
  server = await listen(app.t.app);
});
afterAll(async () => {
  await server.close();
  await app.t.close();
});

async function keyOf(user: TestUser): Promise<string> {
  return (await app.json<{ key: string }>(await app.send(user, 'POST', '/api-keys', { name: 'CLI' }), 201))
    .key;
}

async function monitorNames(user: TestUser): Promise<string[]> {
  const list = await app.json<{ monitors: { name: string }[] }>(
    await app.send(user, 'GET', '/monitors'),
    200,
  );
  return list.monitors.map((monitor) => monitor.name).sort();
}

describe('upwatch import', () => {
  it('prints the dry run and creates nothing without --yes, then imports with it', {
    timeout: 40_000,
  }, async () => {
    const user = await app.user('pro');
    const env = { UPWATCH_URL: server.url, UPWATCH_API_KEY: await keyOf(user) };
    const dry = await runUpwatch(['import', 'kuma', KUMA], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Uptime Kuma backup: 6 monitors and 3 alert channels to import, 3 skipped.');
    expect(dry.stdout).toContain(
      '  Shop (http) https://shop.example.com/, every 1 min → Ops Telegram, Team Slack',
    );
    expect(dry.stdout).toContain(
      '  monitor Redis container: Docker container monitors have no Upwatch kind yet.',
    );
    expect(dry.stdout.trim().split('\n').at(-1)).toBe(
      'Dry run: nothing was created. Run again with --yes to import.',
    );
    expect(dry.stdout).not.toContain('s3cret-pass');
    expect(await monitorNames(user)).toEqual([]);

    const done = await runUpwatch(['import', 'kuma', KUMA, '--yes'], env);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Imported 6 monitors and 3 alert channels.');
    expect(done.stdout).toMatch(/Webhook "Status webhook" signs its bodies with whsec_\S+ \(shown once\)\./);
    expect(await monitorNames(user)).toEqual([
      'Apex record',
      'Database port',
      'Gateway',
      'Nightly backup',
      'Shop',
      'Shop search',
    ]);
  });

  it('exits 1 with the server’s message, and names a setting that is missing', {
    timeout: 40_000,
  }, async () => {
    // The flags stand in for the environment.
    const user = await app.user('pro');
    const key = await keyOf(user);
    const refused = await runUpwatch(
      ['import', 'uptimerobot', KUMA, '--url', server.url, '--api-key', key],
      {},
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'upwatch: This is not a UptimeRobot export: Invalid input: expected array, received undefined at monitors.\n',
    );

    const unset = await runUpwatch(['import', 'kuma', KUMA], { UPWATCH_URL: server.url });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toBe(
      'upwatch: Set UPWATCH_API_KEY (or --api-key) to an API key of the workspace (Settings → API Documentation).\n',
    );
  });

  it('imports a Kuma 2.x kuma.db, sending only its monitor and notification tables', {
    timeout: 40_000,
  }, async () => {
    const user = await app.user('pro');
    const env = { UPWATCH_URL: server.url, UPWATCH_API_KEY: await keyOf(user) };
    // The fixture with 3 MiB of check history, as a kuma.db in use has: the CLI sends none of it.
    const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-kuma-'));
    const file = path.join(dir, 'kuma.db');
    const bytes = readFileSync(KUMA_DB);
    bytes.fill(1, 18, 20); // Kuma leaves it in WAL mode; an in-memory copy reads as rollback
    const db = new Database(bytes);
    db.prepare("INSERT INTO heartbeat (monitor_id, status, msg, time) VALUES (1, 1, ?, '2026-01-01')").run(
      'x'.repeat(3 * 1024 * 1024),
    );
    writeFileSync(file, db.serialize());
    db.close();
    try {
      const dry = await runUpwatch(['import', 'kuma-db', file], env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(
        'Uptime Kuma database (kuma.db): 8 monitors and 2 alert channels to import, 2 skipped.',
      );
      expect(dry.stdout).toContain(
        '  K2 HTTP (http) http://127.0.0.1:3610/ok, every 1 min → K2 Slack, K2 ntfy',
      );
      expect(dry.stdout).toContain(
        '  monitor K2 SMTP: Uptime Kuma\'s "smtp" monitors have no Upwatch kind yet.',
      );
      expect(await monitorNames(user)).toEqual([]);

      const done = await runUpwatch(['import', 'kuma-db', file, '--yes'], env);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toContain('Imported 8 monitors and 2 alert channels.');
      expect(await monitorNames(user)).toContain('K2 HTTP bearer');

      const refused = await runUpwatch(['import', 'kuma-db', KUMA], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        'upwatch: This is not an Uptime Kuma database: it is not an SQLite file. Choose kuma.db from Uptime Kuma’s data directory.\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
