import { afterEach, describe, expect, it } from 'vitest';
import { createKeyApp, errorOf, type KeyApp, START } from './test/key-app.ts';

let k: KeyApp;
afterEach(async () => {
  await k?.t.close();
});

describe('managing API keys', () => {
  it('shows a new key in full once, then lists it by its prefix only', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const created = await k.createKey(owner, { name: 'GitHub Actions' });
    expect(created.key).toMatch(/^uw_live_[0-9A-Za-z]{43}$/);
    expect(created).toMatchObject({
      name: 'GitHub Actions',
      prefix: created.key.slice(0, 12),
      createdAt: START,
      lastUsedAt: null,
      expiresAt: null,
    });

    const response = await k.send(owner, 'GET', '/api-keys');
    const text = await response.text();
    expect(text).not.toContain(created.key);
    expect(JSON.parse(text).keys).toEqual([
      {
        id: created.id,
        name: 'GitHub Actions',
        role: 'member',
        createdBy: owner.name,
        owner: { userId: owner.id, name: owner.name },
        ownerKey: true,
        prefix: created.prefix,
        createdAt: START,
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
  });

  it('revokes a key: it leaves the list and a second revoke is 404 api_key_not_found', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const created = await k.createKey(owner);
    expect((await k.send(owner, 'DELETE', `/api-keys/${created.id}`)).status).toBe(204);
    expect(await k.listKeys(owner)).toEqual([]);
    const again = await k.send(owner, 'DELETE', `/api-keys/${created.id}`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe('api_key_not_found');
  });

  it("does not let user B list or revoke user A's keys", async () => {
    k = await createKeyApp();
    const a = await k.user('pro');
    const b = await k.user('pro');
    const aKey = await k.createKey(a);
    await k.createKey(b, { name: 'B only' });

    expect((await k.listKeys(b)).map((key) => key.name)).toEqual(['B only']);
    const revoke = await k.send(b, 'DELETE', `/api-keys/${aKey.id}`);
    expect(revoke.status).toBe(404);
    expect((await errorOf(revoke)).code).toBe('api_key_not_found');
    expect((await k.listKeys(a)).map((key) => key.id)).toEqual([aKey.id]);
    expect((await k.withKey(aKey.key)).status).toBe(200);
  });

  it('refuses key creation without API access (Free and Starter) with 403 feature_not_in_plan', async () => {
    k = await createKeyApp();
    for (const plan of ['free', 'starter'] as const) {
      const owner = await k.user(plan);
      const response = await k.send(owner, 'POST', '/api-keys', { name: 'CI' });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: 'feature_not_in_plan',
        message: 'API access requires the Pro plan or higher. Upgrade to use API keys.',
      });
      expect(await k.listKeys(owner)).toEqual([]);
    }
  });

  it('answers an invalid body with 422 and a bad path with 400, each with a code', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'validation_failed', 'name: Give the key a name.'],
      [{ name: 'x'.repeat(101) }, 'validation_failed', 'name: Names are limited to 100 characters.'],
      [{ name: 'CI', expiresAt: 'tomorrow' }, 'validation_failed', 'expiresAt: '],
      [{ name: 'CI', expiresAt: START - 1 }, 'expiry_in_past', 'Choose an expiry date in the future.'],
    ];
    for (const [input, code, message] of cases) {
      const response = await k.send(owner, 'POST', '/api-keys', input);
      expect(response.status).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      expect(error.message).toContain(message);
    }
    const longId = await k.send(owner, 'DELETE', `/api-keys/${'x'.repeat(65)}`);
    expect(longId.status).toBe(400);
    expect((await errorOf(longId)).code).toBe('validation_failed');
    expect(await k.listKeys(owner)).toEqual([]);
  });

  it('needs a signed-in session: signed out is 401, and a key cannot manage keys (403 session_required)', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const { key, id } = await k.createKey(owner);
    expect((await k.t.request('/api/v1/api-keys')).status).toBe(401);
    for (const [method, path] of [
      ['GET', '/api-keys'],
      ['POST', '/api-keys'],
      ['DELETE', `/api-keys/${id}`],
    ] as const) {
      const response = await k.withKey(key, path, {
        method,
        body: method === 'POST' ? JSON.stringify({ name: 'minted by a key' }) : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).code).toBe('session_required');
    }
    expect((await k.listKeys(owner)).map((listed) => listed.id)).toEqual([id]);
  });
});
