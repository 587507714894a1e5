import { afterEach, describe, expect, it } from 'vitest';
import type { DigestReport, DigestReportSummary, DigestSettings } from '../../core/api/digests.ts';
import { createDigestApp, type DigestApp, MONDAY_0900_BERLIN } from './test/digest-app.ts';
import { DAY, WEEK } from './test/seed.ts';

let t: DigestApp;
afterEach(async () => {
  await t?.close();
});

function unsubscribeLink(app: DigestApp, to: string): string {
  const text = app.mails.find((mail) => mail.to.includes(to))?.text ?? '';
  const link = /^Unsubscribe: (\S+)$/m.exec(text)?.[1];
  if (!link) throw new Error(`no unsubscribe link in ${text}`);
  return new URL(link).pathname + new URL(link).search;
}

async function settings(user: Parameters<DigestApp['send']>[0]): Promise<DigestSettings> {
  return (await t.send(user, 'GET', '/digest-settings')).json();
}

describe('digest settings', () => {
  it('defaults to weekly on Monday at 08:00 in the user time zone, with the next send time', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    expect(await settings(user)).toEqual({
      frequency: 'weekly',
      weekday: 1,
      hour: 8,
      timezone: 'Europe/Berlin',
      nextSendAt: Date.UTC(2026, 10, 23, 7),
    });
    const res = await t.send(user, 'PUT', '/digest-settings', { frequency: 'daily', hour: 18 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      frequency: 'daily',
      weekday: 1,
      hour: 18,
      nextSendAt: Date.UTC(2026, 10, 16, 17),
    });
    const off = await (await t.send(user, 'PUT', '/digest-settings', { frequency: 'off' })).json();
    expect(off).toMatchObject({ frequency: 'off', nextSendAt: null });
  });

  it('answers 403 feature_not_in_plan to free users on every digest route', async () => {
    t = await createDigestApp();
    const free = await t.user('free');
    for (const [method, path, body] of [
      ['GET', '/digest-settings'],
      ['PUT', '/digest-settings', { frequency: 'daily' }],
      ['GET', '/reports'],
      ['GET', '/reports/some-id'],
      ['POST', '/reports/preview'],
    ] as const) {
      const res = await t.send(free, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('feature_not_in_plan');
    }
    expect(t.mails).toHaveLength(0);
  });

  it('rejects bad input with validation codes and unauthenticated calls with 401', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    for (const body of [
      { hour: 24 },
      { weekday: 0 },
      { weekday: 8 },
      { frequency: 'monthly' },
      { hour: 1.5 },
      { extra: 1 },
    ]) {
      const res = await t.send(user, 'PUT', '/digest-settings', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    const cursor = await t.send(user, 'GET', '/reports?cursor=not-a-cursor');
    expect(cursor.status).toBe(400);
    expect((await cursor.json()).error.code).toBe('invalid_cursor');
    const limit = await t.send(user, 'GET', '/reports?limit=0');
    expect((await limit.json()).error.code).toBe('validation_failed');
    expect((await t.send(null, 'GET', '/digest-settings')).status).toBe(401);
    expect((await t.send(null, 'POST', '/reports/preview')).status).toBe(401);
    expect((await settings(user)).frequency).toBe('weekly');
  });
});

describe('reports', () => {
  it('lists and shows only the owner reports, with cursor pages', async () => {
    t = await createDigestApp();
    const a = await t.user('starter');
    const b = await t.user('pro');
    await t.runJob();
    for (let week = 1; week <= 2; week++) {
      t.clock.advance(7 * DAY);
      await t.runJob();
    }
    const page1 = await (await t.send(a, 'GET', '/reports?limit=2')).json();
    expect(page1.reports.map((r: DigestReportSummary) => r.periodStart)).toEqual([
      WEEK.start + 14 * DAY,
      WEEK.start + 7 * DAY,
    ]);
    const page2 = await (await t.send(a, 'GET', `/reports?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2).toMatchObject({ nextCursor: null });
    expect(page2.reports.map((r: DigestReportSummary) => r.periodStart)).toEqual([WEEK.start]);
    const id = page2.reports[0].id;

    const own = await t.send(a, 'GET', `/reports/${id}`);
    expect(own.status).toBe(200);
    const report = (await own.json()) as DigestReport;
    expect(report).toMatchObject({
      id,
      frequency: 'weekly',
      periodStart: WEEK.start,
      periodEnd: WEEK.end,
      incidentCount: 0,
    });
    expect(report.html).toContain('Weekly digest');
    expect(report.data.periodStart).toBe(WEEK.start);

    const other = await t.send(b, 'GET', `/reports/${id}`);
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('report_not_found');
    const bList = await (await t.send(b, 'GET', '/reports?limit=100')).json();
    expect(bList.reports.map((r: DigestReportSummary) => r.id)).not.toContain(id);
    expect(bList.reports).toHaveLength(3);
  });

  it("changes only the caller's settings", async () => {
    t = await createDigestApp();
    const a = await t.user('starter');
    const b = await t.user('starter');
    await t.send(b, 'PUT', '/digest-settings', { frequency: 'off', hour: 6 });
    expect(await settings(a)).toMatchObject({ frequency: 'weekly', hour: 8 });
    expect(await settings(b)).toMatchObject({ frequency: 'off', hour: 6 });
  });
});

describe('send me a preview now', () => {
  it('mails the current period once without recording a period, then asks to wait a minute', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    t.clock.advance(2 * DAY);
    const res = await t.send(user, 'POST', '/reports/preview');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sentTo: user.email,
      periodStart: WEEK.end,
      periodEnd: MONDAY_0900_BERLIN + 2 * DAY,
    });
    expect(t.mails.map((m) => m.subject)).toEqual([
      '[Preview] Weekly digest: — uptime — Nov 16, 2026 – Nov 18, 2026',
    ]);
    expect(await t.reportCount(user.id)).toBe(0);

    const again = await t.send(user, 'POST', '/reports/preview');
    expect(again.status).toBe(429);
    expect((await again.json()).error.code).toBe('preview_rate_limited');
    t.clock.advance(60_000);
    expect((await t.send(user, 'POST', '/reports/preview')).status).toBe(200);
    expect(t.mails).toHaveLength(2);
    expect(await t.reportCount(user.id)).toBe(0);
  });
});

describe('one-click unsubscribe', () => {
  it('turns the digest off from the mail link without signing in, and no later digest is sent', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    await t.runJob();
    const link = unsubscribeLink(t, user.email);
    const page = await t.app.request(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from email digests?');
    expect((await settings(user)).frequency).toBe('weekly');

    const done = await t.app.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await settings(user)).frequency).toBe('off');
    t.clock.advance(7 * DAY);
    expect(await t.runJob()).toBe(0);
    expect(t.mails).toHaveLength(1);
  });

  it('refuses a tampered or forged token with a 400 page and changes nothing', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    const other = await t.user('starter');
    await t.runJob();
    const link = unsubscribeLink(t, user.email);
    const [path, token = ''] = link.split('?token=');
    const [id = '', signature = ''] = token.split('.');
    const forgedId = Buffer.from(other.id).toString('base64url');
    // The first character: all six of its bits are signature (the last one's lowest two are padding).
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [`${id}.${flipped}`, `${forgedId}.${signature}`, id, '']) {
      const target = `${path}?token=${bad}`;
      const get = await t.app.request(target);
      expect(get.status, bad).toBe(400);
      expect(await get.text()).toContain('Invalid unsubscribe link');
      expect((await t.app.request(target, { method: 'POST' })).status).toBe(400);
    }
    expect((await settings(user)).frequency).toBe('weekly');
    expect((await settings(other)).frequency).toBe('weekly');
  });
});
