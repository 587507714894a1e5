// Isolation: someone who belongs to workspace A reaches nothing of workspace B. Every route of the
// API document that names a resource is tried with B's real ids, as A's owner by session and with
// A's API key: each answers 404, as for an id that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { insertSubscriber } from '../test/subscriber-rows.ts';
import { createUserApp } from '../test/user-app.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
/** Not a workspace's resource: a person's own digest, an invitation link's public preview, a provider name. */
// An import's {source} names a file format (kuma, uptimerobot), not anything a workspace owns.
const NOT_WORKSPACE_RESOURCES = [
  'GET /reports/{id}',
  'GET /workspace/invitations/{id}',
  'POST /imports/{source}/preview',
  'POST /imports/{source}',
];
const BODIES: Record<string, unknown> = {
  'PATCH /monitors/{id}': { name: 'Mine now' },
  'PUT /monitors/{id}/alert-channels': { channelIds: [] },
  'PATCH /monitors/{id}/alert-settings': { alertOnDegraded: true },
  'PUT /monitors/{id}/regions': { regions: null, quorum: null },
  'PATCH /alert-channels/{id}': { name: 'Mine now' },
  'PATCH /escalation-policies/{id}': { name: 'Mine now' },
  'PUT /monitors/{id}/escalation-policy': { policyId: null },
  'PATCH /incidents/{id}': { severity: 'major' },
  'POST /incidents/{id}/updates': { message: 'Mine now.' },
  'PUT /incidents/{id}/monitors': { monitorIds: [] },
  'PUT /incidents/{id}/resolution': { rootCause: 'A', summary: 'B', followUps: [] },
  'POST /incidents/{id}/notes': { text: 'Mine now.' },
  'PATCH /incidents/{id}/notes/{noteId}': { text: 'Mine now.' },
  'PATCH /status-pages/{id}': { name: 'Mine now' },
  'PATCH /performance/sites/{id}': { name: 'Mine now' },
  'PUT /performance/sites/{id}/rum': { enabled: true },
  'PATCH /maintenance-windows/{id}': { name: 'Mine now' },
  'POST /maintenance-windows/{id}/updates': { message: 'Mine now.' },
  'PATCH /workspace/members/{userId}': { role: 'viewer' },
};

let app: Awaited<ReturnType<typeof createUserApp>>;
let ada: TestUser;
let adaKey: string;
const theirs = new Map<string, string>();

beforeAll(async () => {
  app = await createUserApp(NOW);
  ada = await app.user('pro');
  const bob = await app.user('pro');
  const post = async (path: string, body: unknown) =>
    (await app.json<{ id: string }>(await app.send(bob, 'POST', path, body), 201)).id;
  const monitor = await post('/monitors', { name: 'Bob shop', url: 'https://bob.example.com' });
  const incident = await post('/incidents', { title: 'Bob is down' });
  theirs.set('/monitors', monitor);
  theirs.set(
    '/alert-channels',
    await post('/alert-channels', { kind: 'email', name: 'Bob', config: { address: 'b@example.com' } }),
  );
  theirs.set('/incidents', incident);
  theirs.set(
    '/escalation-policies',
    await post('/escalation-policies', {
      name: 'Bob on call',
      steps: [{ channelIds: [theirs.get('/alert-channels')], waitMinutes: 5 }],
    }),
  );
  theirs.set('noteId', await post(`/incidents/${incident}/notes`, { text: 'Mine.' }));
  theirs.set('/status-pages', await post('/status-pages', { name: 'Bob', slug: 'bob-isolated' }));
  theirs.set(
    'subscriberId',
    await insertSubscriber(app.t.database.db, bob.id, theirs.get('/status-pages') ?? ''),
  );
  theirs.set('/performance/sites', await post('/performance/sites', { url: 'https://bob.example.com/' }));
  theirs.set('/deployments', await post('/deployments', { version: 'v1' }));
  theirs.set(
    '/maintenance-windows',
    await post('/maintenance-windows', {
      name: 'Bob upgrade',
      startsAt: NOW,
      durationMinutes: 60,
      monitorIds: [],
    }),
  );
  const bobWindow = theirs.get('/maintenance-windows') ?? '';
  theirs.set('updateId', await post(`/maintenance-windows/${bobWindow}/updates`, { message: 'Mine.' }));
  theirs.set('/api-keys', await post('/api-keys', { name: 'Bob CI' }));
  theirs.set(
    '/workspace/invitations',
    await post('/workspace/invitations', { email: 'c@example.com', role: 'member' }),
  );
  theirs.set('/workspace/members', bob.id);
  theirs.set('/deployment-webhooks', 'github');
  adaKey = (
    await app.json<{ key: string }>(await app.send(ada, 'POST', '/api-keys', { name: 'Ada CI' }), 201)
  ).key;
});
afterAll(async () => {
  await app.t.close();
});

function concrete(template: string): string {
  const [, prefix = ''] = template.match(/^(.*?)\/\{/) ?? [];
  return template
    .replace('{noteId}', theirs.get('noteId') ?? '')
    .replace('{updateId}', theirs.get('updateId') ?? '')
    .replace('{subscriberId}', theirs.get('subscriberId') ?? '')
    .replace(/\{(id|userId|provider)\}/, theirs.get(prefix) ?? 'missing');
}

describe("another workspace's resources", () => {
  it('answer 404 on every route that names one, by session and by API key', async () => {
    const doc = (await (await app.t.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{') && !path.startsWith('/deployment-webhooks'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((op) => !NOT_WORKSPACE_RESOURCES.includes(op));
    expect(ops.length).toBeGreaterThan(35);
    const wrong: string[] = [];
    for (const op of ops) {
      const [method = '', template = ''] = op.split(' ');
      const path = concrete(template);
      expect(path, op).not.toContain('missing');
      const body = BODIES[op];
      const bySession = await app.send(ada, method, path, body);
      const byKey = await app.t.request(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${adaKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // Keys never manage keys or members (a key is at most a member): refused before any lookup.
      const keyExpected = /^\/(api-keys|workspace)\//.test(template) ? 403 : 404;
      if (bySession.status !== 404)
        wrong.push(`${op} by session: ${bySession.status} ${await bySession.text()}`);
      if (byKey.status !== keyExpected) wrong.push(`${op} by key: ${byKey.status} ${await byKey.text()}`);
    }
    expect(wrong).toEqual([]);
  });
});
