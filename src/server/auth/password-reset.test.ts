import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDate } from '../platform/db/dialect.ts';
import { cookieHeader, jsonBody } from '../test/http.ts';
import { buildApp, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { RESET_LINK_VALID_SECONDS, RESET_MAILS_PER_HOUR } from './password-reset.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'ada@example.test';
const PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';
const SAME_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

async function signUp(app = t) {
  const response = await app.request(
    '/api/auth/sign-up/email',
    jsonBody({ name: 'Ada', email: EMAIL, password: PASSWORD }),
  );
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

function signIn(password: string) {
  return t.request('/api/auth/sign-in/email', jsonBody({ email: EMAIL, password }));
}

function requestReset(email: string, app = t, headers: Record<string, string> = {}) {
  return app.request('/api/auth/request-password-reset', {
    ...jsonBody({ email }),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function reset(token: string, newPassword = NEW_PASSWORD) {
  return t.request('/api/auth/reset-password', jsonBody({ token, newPassword }));
}

function mails(app = t) {
  return app.database.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
}

/** The mail goes out after the answer; waits until `count` reset mails are in the outbox. */
async function resetMails(count: number, app = t) {
  return vi.waitFor(async () => {
    const found = await mails(app);
    expect(found).toHaveLength(count);
    return found;
  });
}

function tokenOf(text: string): string {
  const link = text.match(/http\S+\/reset-password\?token=(\S+)/);
  if (!link?.[1]) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(link[1]);
}

async function me(cookie: string) {
  return (await t.request('/api/v1/me', { headers: { cookie } })).status;
}

describe('asking for a reset link', () => {
  it('mails one link to the page that sets a new password, valid one hour, in nobody’s outbox', async () => {
    await signUp();
    const response = await requestReset(EMAIL);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SAME_ANSWER);

    const [mail] = await resetMails(1);
    expect(mail).toMatchObject({
      to_address: EMAIL,
      subject: 'Reset your Upwatch password',
      workspace_id: null,
    });
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
    expect(mail?.html).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);

    const stored = await t.database.db
      .selectFrom('verification')
      .selectAll()
      .where('identifier', '=', `reset-password:${tokenOf(mail?.text ?? '')}`)
      .executeTakeFirstOrThrow();
    const lifetime = new Date(stored.expiresAt).getTime() - new Date(stored.createdAt).getTime();
    expect(Math.abs(lifetime - RESET_LINK_VALID_SECONDS * 1000)).toBeLessThan(1000);
  });

  it('answers an unknown address exactly as a known one and mails nothing to it', async () => {
    await signUp();
    const unknown = await requestReset('nobody@example.test');
    const known = await requestReset(EMAIL);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());

    // The known address's mail arrives; none ever left for the unknown one.
    const sent = await resetMails(1);
    expect(sent.map((mail) => mail.to_address)).toEqual([EMAIL]);
  });
});

describe('using the link', () => {
  it('sets the new password once; the same link is refused the second time', async () => {
    await signUp();
    await requestReset(EMAIL);
    const [mail] = await resetMails(1);
    const token = tokenOf(mail?.text ?? '');

    const first = await reset(token);
    expect(first.status).toBe(200);
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);

    const second = await reset(token, 'third password 3');
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link past its hour and keeps the old password', async () => {
    await signUp();
    await requestReset(EMAIL);
    const [mail] = await resetMails(1);
    const token = tokenOf(mail?.text ?? '');
    await t.database.db
      .updateTable('verification')
      .set({ expiresAt: authDate(t.database.dialect, Date.now() - 1000) })
      .where('identifier', '=', `reset-password:${token}`)
      .execute();

    const late = await reset(token);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(PASSWORD)).status).toBe(200);
  });

  it('signs the person out of every session, and their older links stop working', async () => {
    const first = await signUp();
    const second = cookieHeader(await signIn(PASSWORD));
    expect(await me(first)).toBe(200);
    expect(await me(second)).toBe(200);

    await requestReset(EMAIL);
    await requestReset(EMAIL);
    const [older, newer] = await resetMails(2);
    expect((await reset(tokenOf(newer?.text ?? ''))).status).toBe(200);

    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(401);
    expect((await reset(tokenOf(older?.text ?? ''), 'third password 3')).status).toBe(400);
  });

  it('refuses a new password shorter than 8 characters and keeps the link usable', async () => {
    await signUp();
    await requestReset(EMAIL);
    const [mail] = await resetMails(1);
    const token = tokenOf(mail?.text ?? '');

    const short = await reset(token, 'short12');
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/password too short/i);
    expect((await reset(token)).status).toBe(200);
  });
});

describe('limits', () => {
  it('answers 429 to a fourth request in a minute from one address, not to another address', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const from = (address: string) =>
        requestReset('nobody@example.test', proxied, { 'x-forwarded-for': address });
      for (let n = 1; n <= 3; n++) expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(429);
      expect((await from('203.0.113.8')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour, however many addresses ask`, async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      await signUp(proxied);
      for (let n = 1; n <= RESET_MAILS_PER_HOUR + 2; n++) {
        const response = await requestReset(EMAIL, proxied, { 'x-forwarded-for': `203.0.113.${n}` });
        expect(await response.json()).toEqual(SAME_ANSWER);
      }
      await resetMails(RESET_MAILS_PER_HOUR, proxied);
      // The refused ones are not merely late.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mails(proxied)).toHaveLength(RESET_MAILS_PER_HOUR);
    } finally {
      await proxied.close();
    }
  });
});

describe('the pages', () => {
  it('serves the web app at /forgot-password and at the mailed /reset-password link', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      const { app } = buildApp(t.database, {}, { webDistDir: dist });
      for (const page of ['/forgot-password', '/reset-password?token=abc']) {
        const response = await app.request(page);
        expect(response.status, page).toBe(200);
        expect(await response.text()).toContain('<div id="root">');
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
