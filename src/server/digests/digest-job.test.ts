import { afterEach, describe, expect, it } from 'vitest';
import type { DigestData } from '../../core/api/digests.ts';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createDigestApp, type DigestApp } from './test/digest-app.ts';
import { DAY, seedWeek, WEEK } from './test/seed.ts';

let t: DigestApp;
afterEach(async () => {
  await t?.close();
});

async function reports(userId: string) {
  return t.db
    .selectFrom('digest_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('period_start')
    .execute();
}

describe('weekly digest job', () => {
  it('sends one weekly digest per period per user, however often and in how many processes the job runs', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    expect(await t.runJob()).toBe(1);
    expect(await t.runJob()).toBe(0);
    const [first, second] = await t.runJobTwice();
    expect(first + second).toBe(0);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]?.to).toEqual([user.email]);
    expect(t.mails[0]?.subject).toBe('Weekly digest: — uptime — Nov 9, 2026 – Nov 15, 2026');
    const rows = await reports(user.id);
    expect(rows.map((r) => [r.frequency, Number(r.period_start), Number(r.period_end)])).toEqual([
      ['weekly', WEEK.start, WEEK.end],
    ]);
    expect(rows[0]?.sent_at).not.toBeNull();
  });

  it('lets only one of two processes racing on the same period send it', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    const [first, second] = await t.runJobTwice();
    expect(first + second).toBe(1);
    expect(t.mails).toHaveLength(1);
    expect(await t.reportCount(user.id)).toBe(1);
  });

  it('reports figures equal to those computed from the inserted checks, incidents, certificates, runs and deployments', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    const { shop, api, siteId } = await seedWeek(t.db, t.dialect, user.id);
    await t.runJob();
    const [row] = await reports(user.id);
    const data = JSON.parse(row?.html ? row.data : '{}') as DigestData;

    const shopUptime = (164 / 168) * 100;
    const overall = ((164 + 168) / 336) * 100;
    expect(data.overall.uptimePercent).toBeCloseTo(overall, 9);
    expect(data.overall.uptimeChange).toBeCloseTo(overall - 100, 9);
    const byName = Object.fromEntries(data.monitors.map((m) => [m.name, m]));
    expect(byName.Shop).toMatchObject({
      monitorId: shop.id,
      p50Ms: 120,
      p95Ms: 120,
      p50Change: -180,
      p95Change: -180,
    });
    expect(byName.Shop?.uptimePercent).toBeCloseTo(shopUptime, 9);
    expect(byName.Shop?.uptimeChange).toBeCloseTo(shopUptime - 100, 9);
    expect(byName.API).toEqual({
      monitorId: api.id,
      name: 'API',
      uptimePercent: 100,
      uptimeChange: null,
      p50Ms: 80,
      p95Ms: 80,
      p50Change: null,
      p95Change: null,
    });
    // Downtime is the Shop's four hours down by time, not the incidents' lengths.
    expect(data.incidents).toEqual({ count: 2, downtimeMinutes: 4 * 60, longestMinutes: 60 });
    expect(data.certificatesExpiring).toEqual([
      { monitorId: shop.id, name: 'Shop', daysRemaining: 10, validTo: WEEK.end + 10 * DAY + 3_600_000 },
    ]);
    expect(data.performance).toEqual([
      {
        siteId,
        name: 'Shop home',
        score: 85,
        scoreChange: 15,
        lcpMs: 2200,
        lcpChange: -800,
        budgetViolations: 1,
      },
    ]);
    expect(data.deployments).toBe(2);

    const mail = t.mails[0];
    expect(mail?.subject).toBe(`Weekly digest: ${overall.toFixed(2)}% uptime — Nov 9, 2026 – Nov 15, 2026`);
    expect(mail?.text).toContain('Incidents: 2');
    expect(mail?.text).toContain('Downtime: 4 h');
    expect(mail?.text).toContain('- Shop · Nov 26, 2026 · 10');
    expect(mail?.html).toContain('Certificates expiring within 30 days');
    expect(mail?.html).toContain(`${TEST_PUBLIC_URL}/dashboard/reports/${row?.id}`);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post one-click headers pointing at a signed link', async () => {
    t = await createDigestApp();
    await t.user('starter');
    await t.runJob();
    const headers = t.mails[0]?.headers ?? '';
    const link = /^list-unsubscribe:\s*<([^>]+)>/im.exec(headers)?.[1];
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/unsubscribe/digest\\?token=[\\w-]+\\.[\\w-]+$`));
    expect(headers).toMatch(/^list-unsubscribe-post:\s*List-Unsubscribe=One-Click\s*$/im);
    expect(t.mails[0]?.text).toContain(`Unsubscribe: ${link}`);
  });

  it('sends nothing to free users', async () => {
    t = await createDigestApp();
    const free = await t.user('free');
    expect(await t.runJob()).toBe(0);
    expect(t.mails).toHaveLength(0);
    expect(await t.reportCount(free.id)).toBe(0);
  });

  it('after a three-week outage of the job sends only the latest missed period', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    await t.runJob();
    t.clock.advance(3 * 7 * DAY + 2 * DAY);
    expect(await t.runJob()).toBe(1);
    await t.runJob();
    const rows = await reports(user.id);
    expect(rows.map((r) => Number(r.period_start))).toEqual([WEEK.start, WEEK.start + 21 * DAY]);
    expect(t.mails.map((m) => m.subject)).toEqual([
      'Weekly digest: — uptime — Nov 9, 2026 – Nov 15, 2026',
      'Weekly digest: — uptime — Nov 30, 2026 – Dec 6, 2026',
    ]);
  });

  it('sends a daily digest for yesterday at the chosen hour in the user time zone, none owed from before the change', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    expect((await t.send(user, 'PUT', '/digest-settings', { frequency: 'daily', hour: 10 })).status).toBe(
      200,
    );
    expect(await t.runJob()).toBe(0);
    t.clock.advance(3_600_000);
    expect(await t.runJob()).toBe(1);
    const rows = await reports(user.id);
    expect(rows.map((r) => [r.frequency, Number(r.period_start), Number(r.period_end)])).toEqual([
      ['daily', WEEK.end - DAY, WEEK.end],
    ]);
  });
});

describe('the period unique key', () => {
  it('lets one of two simultaneous sends of the same period through, without the job lock', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    const sent = await t.sendPeriodTwice(user.id, {
      frequency: 'weekly',
      previousStart: WEEK.previousStart,
      start: WEEK.start,
      end: WEEK.end,
    });
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(t.mails).toHaveLength(1);
    expect(await t.reportCount(user.id)).toBe(1);
  });
});
