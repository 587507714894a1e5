// The files a real Uptime Kuma made (fixtures/kuma-real: a 1.23.17 backup and a 2.5.3 kuma.db)
// through the API on a real database: what maps keeps its Content-Type, auth, DNS condition,
// every mail recipient and its channel kind; everything else is skipped with its true reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '../../core/api/imports.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { kumaCandidates } from './kuma.ts';

const NOW = Date.UTC(2026, 10, 26, 9);
const DIR = path.join(import.meta.dirname, 'fixtures', 'kuma-real');
const backup = readFileSync(path.join(DIR, 'Uptime_Kuma_Backup_1.23.17.json'), 'utf8');
const kumaDb = readFileSync(path.join(DIR, 'kuma-2.5.3.db'));

let app: Awaited<ReturnType<typeof createUserApp>>;
beforeAll(async () => {
  // The fixtures' monitors point at 127.0.0.1, as Kuma's did.
  app = await createUserApp(NOW, { allowPrivateTargets: true });
});
afterAll(async () => {
  await app.t.close();
});

function upload(user: TestUser, route: string, bytes: Buffer, type = 'application/octet-stream') {
  return app.t.request(`/api/v1/imports/${route}`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': type },
    body: new Blob([new Uint8Array(bytes)]),
  });
}

interface MonitorDetail {
  name: string;
  kind: string;
  headers?: Record<string, string>;
  match?: string;
  expected?: string[];
}

async function imported(user: TestUser, result: ImportResult) {
  const details = new Map<string, MonitorDetail>();
  for (const { id, name } of result.monitors) {
    details.set(name, await app.json<MonitorDetail>(await app.send(user, 'GET', `/monitors/${id}`), 200));
  }
  return details;
}

const monitor = (type: 'monitor', name: string, reason: string) => ({ type, name, reason });
const noKind = (name: string, type: string) =>
  monitor('monitor', name, `Uptime Kuma's "${type}" monitors have no Upwatch kind yet.`);
const noAuth = (name: string, auth: string) =>
  monitor(
    'monitor',
    name,
    `Its ${auth} authentication has no Upwatch equivalent, and the check would fail without it.`,
  );

describe('the Uptime Kuma 1.23.17 backup', () => {
  it('imports Content-Type, auth, every mail recipient and the four channels, and names each skip', async () => {
    const user = await app.user('pro');
    const answer = await app.json<ImportPreview>(
      await app.send(user, 'POST', '/imports/kuma/preview', { file: backup }),
      200,
    );
    expect(answer.skipped).toEqual([
      {
        type: 'channel',
        name: 'Ops Signal',
        reason: 'Uptime Kuma\'s "signal" notifications have no Upwatch channel yet.',
      },
      monitor(
        'monitor',
        'K JSON query',
        'JSON query monitors run JSONata expressions, which Upwatch does not; add an HTTP monitor with assertions instead.',
      ),
      monitor(
        'monitor',
        'K Upside down',
        'Upside-down mode (up when the check fails) has no Upwatch equivalent.',
      ),
      noAuth('K NTLM', 'ntlm'),
      noAuth('K OAuth2 CC', 'oauth2-cc'),
      noAuth('K mTLS', 'mtls'),
      monitor('monitor', 'K Docker', 'Docker container monitors have no Upwatch kind yet.'),
      noKind('K Redis', 'redis'),
      noKind('K Postgres', 'postgres'),
      noKind('K MQTT', 'mqtt'),
      noKind('K gRPC', 'grpc-keyword'),
      monitor('monitor', 'K Group', 'Groups are not imported; the monitors in them are.'),
    ]);
    expect(answer.channels.map((c) => [c.name, c.kind])).toEqual([
      ['Ops Slack', 'slack'],
      ['Ops Telegram', 'telegram'],
      ['Ops Discord', 'discord'],
      ['Ops Teams', 'msteams'],
      ['Ops Google Chat', 'googlechat'],
      ['Ops Mattermost', 'mattermost'],
      ['Ops Rocket', 'rocketchat'],
      ['Ops Gotify', 'gotify'],
      ['Ops Pushover', 'pushover'],
      ['Ops Mail (ops@example.com)', 'email'],
      ['Ops Mail (boss@example.com)', 'email'],
      ['Ops Mail two recipients (ops@example.com)', 'email'],
      ['Ops Mail two recipients (oncall@example.com)', 'email'],
      ['Local webhook', 'webhook'],
      ['Ops ntfy', 'ntfy'],
      ['Ops Matrix', 'matrix'],
      ['Ops PagerDuty', 'pagerduty'],
      ['Ops Opsgenie', 'opsgenie'],
    ]);
    expect(answer.monitors).toHaveLength(15);
    // The TCP monitor alerted "Ops Mail", To and CC: both recipients.
    expect(answer.monitors.find((m) => m.name === 'K TCP port')?.channels).toEqual([
      'Ops Mail (ops@example.com)',
      'Ops Mail (boss@example.com)',
    ]);

    const result = await app.json<ImportResult>(
      await app.send(user, 'POST', '/imports/kuma', { file: backup }),
      201,
    );
    const details = await imported(user, result);
    expect(details.get('K HTTP POST json body headers basic-auth')?.headers).toEqual({
      'X-Token': 'abc',
      Accept: 'application/json',
      Authorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
      'Content-Type': 'application/json',
    });
    expect(details.get('K HTTP xml body')?.headers).toEqual({ 'Content-Type': 'text/xml; charset=utf-8' });
    // No body, no Content-Type: Kuma sends none either.
    expect(details.get('K HTTP basic')?.headers).toEqual({});
  });

  it('maps ntfy, Matrix, PagerDuty and Opsgenie with their fields, and imports all four as Kuma had them', async () => {
    const channels = kumaCandidates(backup).channels.filter((c) =>
      ['ntfy', 'matrix', 'pagerduty', 'opsgenie'].includes(c.input.kind),
    );
    expect(channels.map((c) => [c.ref, c.input])).toEqual([
      [
        '13',
        {
          kind: 'ntfy',
          name: 'Ops ntfy',
          config: { url: 'https://ntfy.sh', topic: 'ops-alerts', priority: 5 },
        },
      ],
      [
        '14',
        {
          kind: 'matrix',
          name: 'Ops Matrix',
          config: { url: 'https://matrix.example.com', roomId: '!abc:example.com', accessToken: 'syt_abc' },
        },
      ],
      [
        '15',
        {
          kind: 'pagerduty',
          name: 'Ops PagerDuty',
          config: { routingKey: 'abcdef0123456789abcdef0123456789' },
        },
      ],
      ['16', { kind: 'opsgenie', name: 'Ops Opsgenie', config: { apiKey: 'abc-123' } }],
    ]);
    // Kuma's own short placeholder keys included: a credential's length is its provider's business.
    const user = await app.user('pro');
    const result = await app.json<ImportResult>(
      await app.send(user, 'POST', '/imports/kuma', { file: backup }),
      201,
    );
    expect(
      result.channels.map((c) => c.kind).filter((kind) => channels.some((c) => c.input.kind === kind)),
    ).toEqual(['ntfy', 'matrix', 'pagerduty', 'opsgenie']);
  });
});

describe('the Uptime Kuma 2.5.3 kuma.db', () => {
  it('previews as the backup does: bearer auth, the DNS condition, ntfy, and the skips', async () => {
    const user = await app.user('pro');
    const answer = await app.json<ImportPreview>(await upload(user, 'kuma-db/preview', kumaDb), 200);
    expect(answer.source).toBe('kuma-db');
    expect(answer.monitors.map((m) => [m.name, m.kind, m.target, m.intervalSeconds])).toEqual([
      ['K2 HTTP', 'http', 'http://127.0.0.1:3610/ok', 60],
      ['K2 HTTP bearer', 'http', 'http://127.0.0.1:3610/ok', 60],
      ['K2 Keyword', 'http', 'http://127.0.0.1:3610/ok', 60],
      ['K2 TCP', 'tcp', '127.0.0.1:3610', 60],
      ['K2 Ping', 'ping', '127.0.0.1', 60],
      ['K2 DNS two resolvers', 'dns', 'app.interop.test A', 60],
      ['K2 DNS with condition', 'dns', 'app.interop.test A', 60],
      ['K2 Push', 'heartbeat', 'a new ping URL', 120],
    ]);
    expect(answer.monitors[0]?.channels).toEqual(['K2 Slack', 'K2 ntfy']);
    expect(answer.channels.map((c) => [c.name, c.kind, c.target])).toEqual([
      ['K2 Slack', 'slack', expect.any(String)],
      ['K2 ntfy', 'ntfy', expect.stringContaining('ops')],
    ]);
    expect(answer.skipped).toEqual([noKind('K2 SMTP', 'smtp'), noKind('K2 WebSocket', 'websocket-upgrade')]);
    expect(JSON.stringify(answer)).not.toContain('tok123');
  });

  it('imports the bearer token as an Authorization header and the condition as an expected answer', async () => {
    const user = await app.user('pro');
    const result = await app.json<ImportResult>(await upload(user, 'kuma-db', kumaDb), 201);
    expect(result.channels.map((c) => c.kind)).toEqual(['slack', 'ntfy']);
    const details = await imported(user, result);
    expect(details.get('K2 HTTP bearer')?.headers).toEqual({ Authorization: 'Bearer tok123' });
    expect(details.get('K2 DNS with condition')).toMatchObject({ match: 'any', expected: ['10.9.9.9'] });
    expect(details.get('K2 DNS two resolvers')).toMatchObject({ match: 'resolves', expected: [] });
  });

  it('refuses an SQLite file that is not Kuma’s, a file that is not SQLite, JSON and a file too large', async () => {
    const user = await app.user('pro');
    const other = new Database(':memory:');
    other.exec("CREATE TABLE monitor (id INTEGER, label TEXT); INSERT INTO monitor VALUES (1, 'x')");
    const notKuma = await app.json<{ error: { code: string; message: string } }>(
      await upload(user, 'kuma-db/preview', other.serialize()),
      422,
    );
    other.close();
    expect(notKuma.error).toEqual({
      code: 'not_kuma_database',
      message:
        'This is not an Uptime Kuma database: its monitor table has no name, type, url, interval column.',
    });
    const random = await app.json<{ error: { code: string } }>(
      await upload(user, 'kuma-db', Buffer.from('PK\u0003\u0004 not a database at all'.repeat(10))),
      422,
    );
    expect(random.error.code).toBe('not_kuma_database');
    const json = await upload(user, 'kuma-db/preview', Buffer.from(backup), 'application/json');
    expect(json.status, await json.clone().text()).toBe(415);
    const huge = await upload(user, 'kuma-db/preview', Buffer.alloc(64 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(
      (await app.json<{ monitors: unknown[] }>(await app.send(user, 'GET', '/monitors'), 200)).monitors,
    ).toEqual([]);
  });

  it("takes a kuma.db with months of check history from the web upload, past the JSON routes' 1 MiB", async () => {
    const user = await app.user('pro');
    const copy = Buffer.from(kumaDb);
    copy.fill(1, 18, 20); // Kuma leaves it in WAL mode; an in-memory copy reads as rollback
    const db = new Database(copy);
    db.prepare("INSERT INTO heartbeat (monitor_id, status, msg, time) VALUES (1, 1, ?, '2026-01-01')").run(
      'x'.repeat(3 * 1024 * 1024),
    );
    const large = db.serialize();
    db.close();
    expect(large.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    const answer = await app.json<ImportPreview>(await upload(user, 'kuma-db/preview', large), 200);
    expect(answer.monitors.length).toBeGreaterThan(0);
    // Every other API route keeps its 1 MiB bound.
    const json = await app.send(user, 'POST', '/monitors', { name: 'x'.repeat(1024 * 1024 + 1) });
    expect(json.status).toBe(413);
  });
});
