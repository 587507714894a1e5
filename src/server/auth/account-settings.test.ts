import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, jsonBody } from '../test/http.ts';
import { listen } from '../test/listen.ts';
import { buildApp, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'first password 1';

async function signUp(email = 'lin@example.test') {
  const response = await t.request(
    '/api/auth/sign-up/email',
    jsonBody({ name: 'Lin', email, password: PASSWORD }),
  );
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

function post(path: string, cookie: string, payload: unknown) {
  return t.request(path, { ...jsonBody(payload), headers: { 'content-type': 'application/json', cookie } });
}

describe('user settings', () => {
  it('updates name and time zone, and refuses an unknown time zone without changing anything', async () => {
    const cookie = await signUp();
    expect(
      (await post('/api/auth/update-user', cookie, { name: 'Lin Wei', timezone: 'Asia/Tokyo' })).status,
    ).toBe(200);

    const bad = await post('/api/auth/update-user', cookie, { timezone: 'Nowhere/Special' });
    expect(bad.status).toBe(400);

    const profile = await (await t.request('/api/v1/me', { headers: { cookie } })).json();
    expect(profile).toMatchObject({ name: 'Lin Wei', timezone: 'Asia/Tokyo' });
  });

  it('changes the password only with the current one', async () => {
    const cookie = await signUp();
    const wrong = await post('/api/auth/change-password', cookie, {
      currentPassword: 'not it at all',
      newPassword: 'second password 2',
    });
    expect(wrong.status).toBe(400);

    const changed = await post('/api/auth/change-password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'second password 2',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);

    const oldLogin = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'lin@example.test', password: PASSWORD }),
    );
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'lin@example.test', password: 'second password 2' }),
    );
    expect(newLogin.status).toBe(200);
  });

  it('deletes the account and its sessions with the password, and not without it', async () => {
    const cookie = await signUp();
    const other = await signUp('other@example.test');

    const refused = await post('/api/auth/delete-user', cookie, { password: 'wrong password' });
    expect(refused.status).toBe(400);

    const deleted = await post('/api/auth/delete-user', cookie, { password: PASSWORD });
    expect(deleted.status).toBe(200);

    const { db } = t.database;
    const users = await db.selectFrom('user').select('email').execute();
    expect(users.map((u) => u.email)).toEqual(['other@example.test']);
    const sessions = await db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select('email')
      .execute();
    expect(sessions.every((s) => s.email === 'other@example.test')).toBe(true);
    expect((await t.request('/api/v1/me', { headers: { cookie } })).status).toBe(401);
    expect((await t.request('/api/v1/me', { headers: { cookie: other } })).status).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after 10 attempts a minute from one address, whatever IP headers the client forges', async () => {
    const server = await listen(t.app);
    try {
      const attempt = (n: number) =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: TEST_PUBLIC_URL,
            'x-forwarded-for': `203.0.113.${n}`,
            'x-upwatch-client-ip': `198.51.100.${n}`,
          },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'guess number one' }),
        });
      const statuses: number[] = [];
      for (let n = 1; n <= 11; n++) statuses.push((await attempt(n)).status);
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('restarts', () => {
  it('keeps accounts and sessions when the server restarts on the same database and secret', async () => {
    const cookie = await signUp();
    const restarted = t.database.reconnect();
    try {
      const { app } = buildApp(restarted);
      const response = await app.request('/api/v1/me', { headers: { cookie } });
      expect(response.status).toBe(200);
      expect((await response.json()).email).toBe('lin@example.test');
    } finally {
      await restarted.destroy();
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY=true)', () => {
  it('rate-limits each client by the address the proxy appended, not the proxy itself', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    const server = await listen(proxied.app);
    try {
      const attempt = (forwardedFor: string) =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: TEST_PUBLIC_URL,
            'x-forwarded-for': forwardedFor,
          },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'guess number one' }),
        });
      // A client may prepend anything; the proxy's own entry (the last) is what counts.
      for (let n = 1; n <= 10; n++) expect((await attempt(`10.0.0.${n}, 203.0.113.7`)).status).toBe(401);
      expect((await attempt('203.0.113.7')).status).toBe(429);
      expect((await attempt('203.0.113.8')).status).toBe(401);
    } finally {
      await server.close();
      await proxied.close();
    }
  });
});
