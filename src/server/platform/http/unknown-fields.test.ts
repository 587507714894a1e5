// Unknown fields are refused (issue 22): every /api/v1 body field the route does not know is a
// 422 naming it by its path, where zod alone would drop it and answer as if all were well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';
import { firstUnknownField } from './unknown-fields.ts';

let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
beforeAll(async () => {
  app = await createUserApp(Date.UTC(2026, 10, 26, 12));
  owner = await app.user('pro');
});
afterAll(async () => {
  await app.t.close();
});

async function refusal(method: string, path: string, body: unknown) {
  return app.json<{ error: { code: string; message: string } }>(
    await app.send(owner, method, path, body),
    422,
  );
}

describe('a body field the API does not know', () => {
  it('is refused with 422 unknown_field naming it, and nothing is stored', async () => {
    const monitor = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    expect(
      await refusal('POST', '/status-pages', { name: 'Acme', slug: 'acme', monitorIds: [monitor.id] }),
    ).toEqual({ error: { code: 'unknown_field', message: 'monitorIds: this request has no such field.' } });
    expect(
      (
        await refusal('POST', '/status-pages', {
          name: 'Acme',
          slug: 'acme',
          monitors: [{ monitorId: monitor.id, displayname: 'Shop' }],
        })
      ).error.message,
    ).toBe('monitors.0.displayname: this request has no such field.');
    const list = await app.json<{ statusPages: unknown[] }>(
      await app.send(owner, 'GET', '/status-pages'),
      200,
    );
    expect(list.statusPages).toEqual([]);

    expect((await refusal('PATCH', `/monitors/${monitor.id}`, { intervalMinute: 10 })).error.message).toBe(
      'intervalMinute: this request has no such field.',
    );
  });

  it('is found at any depth, in arrays too, and fields the schema filled in are not mistaken for it', () => {
    expect(firstUnknownField({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 2, d: 3 } })).toBeNull();
    expect(firstUnknownField({ a: [{ x: 1 }, { y: 2 }] }, { a: [{ x: 1 }, {}] })).toBe('a.1.y');
    expect(firstUnknownField({ headers: { 'X-Any': '1' } }, { headers: { 'X-Any': '1' } })).toBeNull();
  });
});
