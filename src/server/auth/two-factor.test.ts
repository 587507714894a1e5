// Two-factor sign-in through better-auth's own routes (/api/auth/two-factor/*), with codes an
// authenticator app would compute from the set-up URI. An auth test: passwords are hashed here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, jsonBody } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { totpCode } from '../test/totp.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'ada@example.test';
const PASSWORD = 'correct horse battery';

function post(path: string, body: unknown, cookie?: string) {
  const init = jsonBody(body);
  return t.request(`/api/auth${path}`, {
    ...init,
    headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function signIn() {
  return post('/sign-in/email', { email: EMAIL, password: PASSWORD });
}

/** Signs up and turns two-factor on: the set-up URI and backup codes, confirmed with a first code. */
async function enrolled() {
  const cookie = cookieHeader(
    await post('/sign-up/email', { name: 'Ada', email: EMAIL, password: PASSWORD }),
  );
  const enable = await post('/two-factor/enable', { password: PASSWORD }, cookie);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Upwatch:/);
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  const confirm = await post('/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  return { totpURI, backupCodes };
}

async function signedInAs(cookie: string) {
  return (await t.request('/api/v1/me', { headers: { cookie } })).status === 200;
}

describe('two-factor sign-in', () => {
  it('asks for a code after the password, and signs in with the code from the authenticator', async () => {
    const { totpURI } = await enrolled();
    const first = await signIn();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(first);
    expect(await signedInAs(pending)).toBe(false);

    const wrong = await post('/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.status).toBe(401);
    const verified = await post('/two-factor/verify-totp', { code: totpCode(totpURI) }, pending);
    expect(verified.status).toBe(200);
    expect(await signedInAs(cookieHeader(verified))).toBe(true);
  });

  it('takes a backup code once', async () => {
    const { backupCodes } = await enrolled();
    const code = backupCodes[0] as string;
    const pending = cookieHeader(await signIn());
    const used = await post('/two-factor/verify-backup-code', { code }, pending);
    expect(used.status).toBe(200);
    expect(await signedInAs(cookieHeader(used))).toBe(true);

    const again = await post('/two-factor/verify-backup-code', { code }, cookieHeader(await signIn()));
    expect(again.status).toBe(401);
  });

  it('signs in with the password alone for someone without two-factor', async () => {
    await post('/sign-up/email', { name: 'Ada', email: EMAIL, password: PASSWORD });
    const response = await signIn();
    expect(await response.clone().json()).not.toHaveProperty('twoFactorRedirect');
    expect(await signedInAs(cookieHeader(response))).toBe(true);
  });
});
