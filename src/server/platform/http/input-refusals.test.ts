// The three 500s of issue 40, item 8, each by name, on SQLite and (pg suite) PostgreSQL: a write
// with no body, an import nested 10,000 deep, and U+0000 in text (PostgreSQL's text cannot hold
// it). Each is a 4xx with a code and a message, and nothing is stored. input-sweep.test.ts sends
// the first and the last to every write route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';

const NOW = Date.UTC(2026, 0, 5, 12);
const FIXTURES = path.join(import.meta.dirname, '../..', 'imports', 'fixtures');
const kumaBackup = readFileSync(path.join(FIXTURES, 'kuma-backup.json'), 'utf8');
const kumaDb = readFileSync(path.join(FIXTURES, 'kuma-real', 'kuma-2.5.3.db'));
const DEEP = 10_000;
// As text: JSON.stringify itself overflows on a value this deep.
const DEEP_OBJECT = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

let app: Awaited<ReturnType<typeof createUserApp>>;
beforeAll(async () => {
  app = await createUserApp(NOW, { allowPrivateTargets: true });
});
afterAll(async () => {
  await app.t.close();
});

const count = async (table: 'monitors' | 'deployments' | 'alert_channels') =>
  Number(
    (
      await app.t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function refusal(response: Response, status: number, code: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const { error } = JSON.parse(text) as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  return error.message;
}

function post(user: TestUser, url: string, body: string, type = 'application/json') {
  return app.t.request(url, { method: 'POST', headers: { cookie: user.cookie, 'content-type': type }, body });
}

describe('a write with no body and no Content-Type', () => {
  it('is 400 body_required on POST /api/v1/deployments, the route CI calls, and records no deployment', async () => {
    const owner = await app.user('pro');
    const before = await count('deployments');
    const response = await app.t.request('/api/v1/deployments', {
      method: 'POST',
      headers: { cookie: owner.cookie },
    });
    expect(await refusal(response, 400, 'body_required')).toContain('Content-Type: application/json');
    expect(await count('deployments')).toBe(before);
  });

  it('is 400 body_required on a PATCH whose fields are all optional, which changes nothing', async () => {
    const owner = await app.user('pro');
    const created = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/monitors', { name: 'API', url: 'https://example.com/health' }),
      201,
    );
    await refusal(await app.send(owner, 'PATCH', `/monitors/${created.id}`), 400, 'body_required');
    const monitor = await app.json<{ name: string }>(
      await app.send(owner, 'GET', `/monitors/${created.id}`),
      200,
    );
    expect(monitor.name).toBe('API');
  });
});

describe('an import nested 10,000 levels deep', () => {
  it('is 400 too_deeply_nested as the file object, as the file text, and as upwatch.yaml, and imports nothing', async () => {
    const owner = await app.user('pro');
    const before = await count('monitors');
    const asObject = `{"file":${DEEP_OBJECT}}`;
    const asText = JSON.stringify({ file: `{"monitorList":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}` });
    for (const url of ['/api/v1/imports/kuma/preview', '/api/v1/imports/uptimerobot']) {
      await refusal(await post(owner, url, asObject), 400, 'too_deeply_nested');
    }
    expect(
      await refusal(await post(owner, '/api/v1/imports/kuma', asText), 400, 'too_deeply_nested'),
    ).toContain('Uptime Kuma backup');
    const config = `{"config":{"monitors":[{"name":"x","headers":${DEEP_OBJECT}}]}}`;
    await refusal(await post(owner, '/api/v1/config/apply', config), 400, 'too_deeply_nested');
    expect(await count('monitors')).toBe(before);
  });

  it('skips a kuma.db monitor whose DNS conditions nest 10,000 groups, with its reason', async () => {
    const owner = await app.user('pro');
    const copy = Buffer.from(kumaDb);
    copy.fill(1, 18, 20); // Kuma leaves it in WAL mode; an in-memory copy reads as rollback
    const db = new Database(copy);
    const group = (inner: string) => `{"type":"group","children":[${inner}]}`;
    let conditions = '{"type":"expression","variable":"record","operator":"equals","value":"1.2.3.4"}';
    for (let level = 0; level < DEEP; level++) conditions = group(conditions);
    db.prepare("UPDATE monitor SET type = 'dns', conditions = ?").run(`[${conditions}]`);
    const file = db.serialize();
    db.close();
    const response = await app.t.request('/api/v1/imports/kuma-db/preview', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(file)]),
    });
    const preview = await app.json<{ skipped: { reason: string }[] }>(response, 200);
    expect(preview.skipped.map((item) => item.reason)).toContain(
      'Its DNS conditions nest groups deeper than 64 levels.',
    );
  });
});

describe('U+0000 in text', () => {
  it('is 400 invalid_text in a monitor’s name, naming the field, and stores no monitor', async () => {
    const owner = await app.user('pro');
    const before = await count('monitors');
    const body = JSON.stringify({ name: 'API\u0000', url: 'https://example.com/health' });
    expect(await refusal(await post(owner, '/api/v1/monitors', body), 400, 'invalid_text')).toContain(
      'name:',
    );
    expect(await count('monitors')).toBe(before);
  });

  it('is 400 invalid_text in a field name, a query, a path and a status page’s subscribe form', async () => {
    const owner = await app.user('pro');
    await refusal(await post(owner, '/api/v1/monitors', '{"na\\u0000me":"x"}'), 400, 'invalid_text');
    await refusal(await app.send(owner, 'GET', '/monitors?search=a%00b'), 400, 'invalid_text');
    await refusal(await app.t.request('/status/acme%00'), 400, 'invalid_text');
    const monitor = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/monitors', { name: 'Web', url: 'https://web.example.com' }),
      201,
    );
    const slug = `nul-${monitor.id.slice(-8)}`;
    const page = { name: 'Acme', slug, monitors: [{ monitorId: monitor.id }], published: true };
    await app.json(await app.send(owner, 'POST', '/status-pages', page), 201);
    const webhook = 'webhookUrl=https%3A%2F%2Fhooks.example.com%2Fin%00';
    const form = await post(owner, `/status/${slug}/subscribe`, webhook, 'application/x-www-form-urlencoded');
    expect(await refusal(form, 400, 'invalid_text')).toContain('webhookUrl');
  });

  it('is 400 invalid_text in an imported backup’s text and in a kuma.db’s columns, and imports nothing', async () => {
    const owner = await app.user('pro');
    const before = [await count('monitors'), await count('alert_channels')];
    const backup = JSON.parse(kumaBackup) as { monitorList: { name: string }[] };
    for (const monitor of backup.monitorList) monitor.name = `${monitor.name}\u0000`;
    const asText = JSON.stringify({ file: JSON.stringify(backup) });
    await refusal(await post(owner, '/api/v1/imports/kuma', asText), 400, 'invalid_text');
    const copy = Buffer.from(kumaDb);
    copy.fill(1, 18, 20);
    const db = new Database(copy);
    db.prepare('UPDATE monitor SET name = name || char(0)').run();
    const file = db.serialize();
    db.close();
    const response = await app.t.request('/api/v1/imports/kuma-db', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(file)]),
    });
    await refusal(response, 400, 'invalid_text');
    expect([await count('monitors'), await count('alert_channels')]).toEqual(before);
  });
});
