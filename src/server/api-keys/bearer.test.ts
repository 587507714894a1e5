import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../test/test-app.ts';
import { generateApiKey, hashApiKey, visiblePrefix } from './key-material.ts';
import { createKeyApp, errorOf, type KeyApp, START } from './test/key-app.ts';

let k: KeyApp;
afterEach(async () => {
  await k?.t.close();
});

async function monitorNames(response: Response): Promise<string[]> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { monitors: { name: string }[] }).monitors.map((m) => m.name);
}

describe('Authorization: Bearer <api key> on /api/v1', () => {
  it("authenticates as the key's owner on the app's own routes, reading and writing", async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const other = await k.user('pro');
    await k.send(other, 'POST', '/monitors', { name: 'Not yours', url: 'https://other.example.com' });
    const { key } = await k.createKey(owner);

    const created = await k.withKey(key, '/monitors', {
      method: 'POST',
      body: JSON.stringify({ name: 'From CI', url: 'https://shop.example.com' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await monitorNames(await k.withKey(key, '/monitors'))).toEqual(['From CI']);
    const me = await (await k.withKey(key, '/me')).json();
    expect(me).toMatchObject({ id: owner.id, email: owner.email });
    expect(typeof me.createdAt === 'number' && Number.isFinite(me.createdAt)).toBe(true);
  });

  it('uses the key when a request carries both a cookie and a key', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const other = await k.user('pro');
    await k.send(other, 'POST', '/monitors', { name: 'Cookie user', url: 'https://other.example.com' });
    await k.send(owner, 'POST', '/monitors', { name: 'Key owner', url: 'https://shop.example.com' });
    const { key } = await k.createKey(owner);
    const both = await k.withKey(key, '/monitors', { headers: { cookie: other.cookie } });
    expect(await monitorNames(both)).toEqual(['Key owner']);
    const badKeyWithCookie = await k.withKey('uw_live_nope', '/monitors', {
      headers: { cookie: other.cookie },
    });
    expect(badKeyWithCookie.status).toBe(401);
  });

  it('refuses unknown and malformed keys with 401 invalid_api_key', async () => {
    k = await createKeyApp();
    for (const token of [`uw_live_${'a'.repeat(43)}`, 'not-a-key', '']) {
      const response = await k.withKey(token);
      expect(response.status, token).toBe(401);
      expect((await errorOf(response)).code).toBe('invalid_api_key');
    }
    const unknown = await errorOf(await k.withKey(`uw_live_${'a'.repeat(43)}`));
    expect(unknown.message).toBe(
      'This API key is not known. Create a new key in Settings → API Documentation.',
    );
  });

  it('refuses a revoked key with 401 invalid_api_key', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const { key, id } = await k.createKey(owner);
    expect((await k.withKey(key)).status).toBe(200);
    expect((await k.send(owner, 'DELETE', `/api-keys/${id}`)).status).toBe(204);
    const response = await k.withKey(key);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="upwatch", error="invalid_token"');
    expect(await errorOf(response)).toEqual({
      code: 'invalid_api_key',
      message: 'This API key was revoked. Create a new key in Settings → API Documentation.',
    });
  });

  it('refuses a key from the moment it expires with 401 invalid_api_key', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const expiresAt = START + 30 * 86_400_000;
    const { key } = await k.createKey(owner, { name: 'Short lived', expiresAt });
    k.clock.advance(expiresAt - START - 1);
    expect((await k.withKey(key)).status).toBe(200);
    k.clock.advance(1);
    const response = await k.withKey(key);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({
      code: 'invalid_api_key',
      message: `This API key expired on ${new Date(expiresAt).toISOString()}. Create a new key in Settings → API Documentation.`,
    });
  });

  it('answers a key of an account without API access (Starter) with 403 feature_not_in_plan', async () => {
    k = await createKeyApp();
    const owner = await k.user('starter');
    // A key kept from when the account was on Pro.
    const key = generateApiKey();
    await k.t.database.db
      .insertInto('api_keys')
      .values({
        id: 'starter-key',
        workspace_id: owner.id,
        created_by: owner.id,
        role: 'member',
        name: 'Old CI',
        prefix: visiblePrefix(key),
        hash: hashApiKey(key),
        created_at: START,
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const response = await k.withKey(key);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({
      code: 'feature_not_in_plan',
      message: 'API access requires the Pro plan or higher. Upgrade to use API keys.',
    });
  });

  it('records the last use at most once a minute', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const { key } = await k.createKey(owner);
    const lastUsed = async () => (await k.listKeys(owner))[0]?.lastUsedAt;
    await k.withKey(key);
    expect(await lastUsed()).toBe(START);
    k.clock.advance(59_999);
    await k.withKey(key);
    expect(await lastUsed()).toBe(START);
    k.clock.advance(1);
    await k.withKey(key);
    expect(await lastUsed()).toBe(START + 60_000);
  });
});

describe('rate limit: 120 requests a minute per key', () => {
  it('answers the 121st request in a minute with 429 and Retry-After, and serves again after the window', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const { key } = await k.createKey(owner);
    const other = await k.createKey(owner, { name: 'Other key' });
    for (let i = 1; i <= 120; i++) {
      const response = await k.withKey(key);
      if (response.status !== 200) throw new Error(`request ${i} answered ${response.status}`);
    }
    k.clock.advance(5_000);
    const limited = await k.withKey(key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(await errorOf(limited)).toEqual({
      code: 'rate_limited',
      message: 'An API key may make 120 requests a minute. Retry in 40 s.',
    });
    expect((await k.withKey(other.key)).status).toBe(200);

    k.clock.advance(40_000);
    expect((await k.withKey(key)).status).toBe(200);
  });

  it('counts one key across several web processes on the same database', async () => {
    k = await createKeyApp();
    const owner = await k.user('pro');
    const { key } = await k.createKey(owner);
    const second = k.t.database.reconnect();
    try {
      const { app: otherProcess } = buildApp(second, {}, { clock: k.clock });
      const viaOther = () =>
        Promise.resolve(
          otherProcess.request('/api/v1/monitors', { headers: { authorization: `Bearer ${key}` } }),
        );
      for (let i = 0; i < 60; i++) {
        expect((await k.withKey(key)).status).toBe(200);
        expect((await viaOther()).status).toBe(200);
      }
      const limited = await viaOther();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('45');
    } finally {
      await second.destroy();
    }
  });
});
