// The audit log: every write route of the API document, taken once with a body it accepts,
// leaves exactly one event naming who did it (a person, or the key they made) and what changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventList } from '../../core/api/audit.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { auditSteps } from './test/audit-steps.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
/** A person's own settings and previews: nothing in the workspace changes. */
const PERSONAL = [
  'POST /digest-settings',
  'PUT /digest-settings',
  'PATCH /digest-settings',
  'POST /reports/preview',
  'POST /imports/{source}/preview',
  'POST /imports/kuma-db/preview',
  'POST /config/plan',
];

let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
let colleague: TestUser;
let newcomer: TestUser;

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  colleague = await app.user('free');
  newcomer = await app.user('free');
  await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, colleague.id, 'member');
});
afterAll(async () => {
  await app.t.close();
});

async function writeOperations(): Promise<string[]> {
  const doc = (await (await app.t.request('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((op) => !op.startsWith('GET ') && !PERSONAL.includes(op));
}

async function log(as: TestUser, query = ''): Promise<AuditEventList> {
  return app.json<AuditEventList>(await app.send(as, 'GET', `/audit-events${query}`), 200);
}

describe('the audit log', () => {
  it('records exactly one event naming the actor for every write route of the API document', async () => {
    const { setUp, steps, keyId } = await auditSteps(app, NOW, { owner, colleague, newcomer });
    expect([...setUp, ...steps.map((step) => step.op)].sort()).toEqual((await writeOperations()).sort());

    const before = await log(owner, '?limit=200');
    expect(before.events.map((event) => event.action).reverse()).toEqual([
      'monitor.create',
      'channel.create',
      'escalation_policy.create',
      'incident.create',
      'incident.note_create',
      'status_page.create',
      'performance_site.create',
      'maintenance_window.create',
      'maintenance_window.post_update',
      'api_key.create',
      'invitation.create',
      'invitation.create',
    ]);

    for (const step of steps) {
      const [method = '', template = ''] = step.op.split(' ');
      const path = step.path ?? template;
      const as = step.as ?? owner;
      await step.before?.();
      app.clock.advance(1000);
      const response = step.bearer
        ? await app.t.request(`/api/v1${path}`, {
            method,
            headers: { authorization: `Bearer ${step.bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify(step.body ?? {}),
          })
        : step.bytes
          ? await app.t.request(`/api/v1${path}`, {
              method,
              headers: { cookie: as.cookie, 'content-type': 'application/octet-stream' },
              body: new Uint8Array(step.bytes),
            })
          : await app.send(as, method, path, step.body);
      expect(response.status, `${step.op}: ${await response.clone().text()}`).toBeLessThan(300);
      const { events } = await log(owner, `?since=${app.clock.now()}`);
      expect(
        events.map((event) => event.action),
        step.op,
      ).toEqual([step.action]);
      const [event] = events;
      expect(event?.actor.id, step.op).toBe(as.id);
      expect(event?.actor.name, step.op).toBe(as.name);
      expect(event?.actor.apiKey?.id ?? null, step.op).toBe(step.bearer ? keyId : null);
    }
  });
});
