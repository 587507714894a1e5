import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, jsonBody, setCookies } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'correct horse battery';

async function signUp(email = 'ada@example.test', password = PASSWORD, extra: Record<string, unknown> = {}) {
  return t.request('/api/auth/sign-up/email', jsonBody({ name: 'Ada Lovelace', email, password, ...extra }));
}

function signOutRequest(cookie: string, origin?: string): RequestInit {
  const headers: Record<string, string> = { cookie, 'content-type': 'application/json' };
  if (origin) headers.origin = origin;
  return { method: 'POST', headers, body: '{}' };
}

async function me(cookie: string) {
  return t.request('/api/v1/me', { headers: { cookie } });
}

describe('accounts over HTTP', () => {
  it('signs up, is signed in by the returned cookie, signs out and is signed out', async () => {
    const created = await signUp('ada@example.test', PASSWORD, { timezone: 'Europe/Berlin' });
    expect(created.status).toBe(200);
    const cookie = cookieHeader(created);

    const profile = await me(cookie);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      timezone: 'Europe/Berlin',
    });

    const out = await t.request('/api/auth/sign-out', signOutRequest(cookie));
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('signs in with the right password and refuses a wrong one with a clear message', async () => {
    await signUp();
    const wrong = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'ada@example.test', password: 'not the password' }),
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid email or password');

    const right = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'ada@example.test', password: PASSWORD }),
    );
    expect(right.status).toBe(200);
    expect((await me(cookieHeader(right))).status).toBe(200);
  });

  it('refuses a duplicate email with a 4xx and a message, keeping the first account', async () => {
    await signUp();
    const duplicate = await signUp('ADA@example.test', 'another password 123');
    expect(duplicate.status).toBeGreaterThanOrEqual(400);
    expect(duplicate.status).toBeLessThan(500);
    expect((await duplicate.json()).message).toMatch(/already exists/i);

    const original = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'ada@example.test', password: PASSWORD }),
    );
    expect(original.status).toBe(200);
  });

  it('refuses a password shorter than 8 characters with a message', async () => {
    const short = await signUp('short@example.test', 'abc1234');
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/password too short/i);
    const users = await t.database.db.selectFrom('user').select('id').execute();
    expect(users).toHaveLength(0);
  });

  it('refuses an unknown time zone at sign-up', async () => {
    const response = await signUp('tz@example.test', PASSWORD, { timezone: 'Mars/Olympus' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/Unknown time zone "Mars\/Olympus"/);
  });

  it('sets an httpOnly, SameSite=Lax session cookie, not Secure on plain http', async () => {
    const created = await signUp();
    const session = setCookies(created).find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ publicUrl: 'https://status.example.test' });
    try {
      const created = await secure.request(
        '/api/auth/sign-up/email',
        jsonBody({ name: 'Grace', email: 'grace@example.test', password: PASSWORD }),
      );
      expect(created.status).toBe(200);
      const session = setCookies(created).find((cookie) => cookie.includes('session_token='));
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});

describe('origins', () => {
  it('trusts the 127.0.0.1 spelling of a localhost PUBLIC_URL and refuses foreign origins', async () => {
    const loopback = await signUp('loop@example.test', PASSWORD, {});
    expect(loopback.status).toBe(200);
    const cookie = cookieHeader(loopback);

    const viaIp = await t.request('/api/auth/sign-out', signOutRequest(cookie, 'http://127.0.0.1:3000'));
    expect(viaIp.status).toBe(200);

    const again = await t.request(
      '/api/auth/sign-in/email',
      jsonBody({ email: 'loop@example.test', password: PASSWORD }),
    );
    const foreign = await t.request(
      '/api/auth/sign-out',
      signOutRequest(cookieHeader(again), 'https://evil.example'),
    );
    expect(foreign.status).toBe(403);
  });
});
