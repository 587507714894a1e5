import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RetentionPreview, retentionPreviewSchema } from '../../core/api/digests.ts';
import { packOldResults } from '../history/pack-hours.ts';
import { insertResults } from '../test/result-rows.ts';
import { DAY_MS } from './kinds.ts';
import { type RetentionHarness, retentionHarness } from './test/harness.ts';
import { INSERT_AGED } from './test/rows.ts';

let h: RetentionHarness;
beforeEach(async () => {
  h = await retentionHarness();
});
afterEach(async () => {
  await h.api.t.close();
});

const rowsOf = (preview: RetentionPreview) =>
  Object.fromEntries(preview.items.map((item) => [item.kind, item.rowsToPrune]));

describe('GET /api/v1/retention/preview', () => {
  it('counts exactly what the next pass deletes after a move to that plan', async () => {
    const owner = await h.owner('pro');
    const db = h.api.t.database.db;
    const now = h.api.clock.now();
    for (const days of [3, 8, 40, 100, 200]) {
      for (const kind of Object.keys(INSERT_AGED)) await INSERT_AGED[kind]?.(db, owner, now - days * DAY_MS);
    }
    const preview = retentionPreviewSchema.parse(
      await h.api.expectJson(await h.api.send(owner.user, 'GET', '/retention/preview?plan=free'), 200),
    );
    expect(preview.plan).toBe('free');
    const checks = preview.items.find((item) => item.kind === 'checks');
    // Four stored one by one and four packed by the hour, one check each: all are check results.
    expect(checks).toMatchObject({
      label: 'Check results',
      keepDays: 7,
      rowsToPrune: 8,
      cutoff: now - 7 * DAY_MS,
    });
    expect(rowsOf(preview)).toEqual({
      checks: 8,
      ssl_checks: 4,
      performance_checks: 4,
      rum_hours: 4,
      rum_days: 4,
      deployments: 4,
      incidents: 3,
      audit_events: 3,
      performance_alerts: 3,
      budget_violations: 3,
      maintenance_windows: 3,
      digest_reports: 2,
    });
    // The Pro subscription ends: the billing engine's effective plan becomes Free.
    await db
      .updateTable('billing_products')
      .set({ status: 'expired', ended_at: now })
      .where('customer_id', '=', owner.workspaceId)
      .where('product_id', '=', 'pro')
      .execute();
    expect((await h.api.t.billing.plans.allowanceFor(owner.workspaceId)).plan.id).toBe('free');

    const report = await h.retention().run();

    const deleted: Record<string, number> = {
      ...report?.deleted,
      checks: (report?.deleted.checks ?? 0) + (report?.deleted.checks_packed ?? 0),
    };
    for (const item of preview.items) expect(deleted[item.kind], item.kind).toBe(item.rowsToPrune);
  });

  it('counts the checks a packed hour holds, not the hour', async () => {
    const owner = await h.owner('pro');
    const db = h.api.t.database.db;
    const now = h.api.clock.now();
    const hour = Math.floor((now - 20 * DAY_MS) / 3_600_000) * 3_600_000;
    await insertResults(
      db,
      [0, 60_000, 120_000].map((offset) => ({ monitor_id: owner.monitorId, checked_at: hour + offset })),
    );
    expect(await packOldResults(db, now)).toMatchObject({ hours: 1, checks: 3 });

    const preview = await h.api.expectJson<RetentionPreview>(
      await h.api.send(owner.user, 'GET', '/retention/preview?plan=free'),
      200,
    );

    expect(rowsOf(preview).checks).toBe(3);
  });

  it("counts only the signed-in user's rows", async () => {
    const owner = await h.owner('pro');
    const other = await h.owner('free');
    await INSERT_AGED.checks?.(h.api.t.database.db, owner, h.api.clock.now() - 30 * DAY_MS);
    const mine = await h.api.expectJson<RetentionPreview>(
      await h.api.send(owner.user, 'GET', '/retention/preview?plan=free'),
      200,
    );
    const theirs = await h.api.expectJson<RetentionPreview>(
      await h.api.send(other.user, 'GET', '/retention/preview?plan=free'),
      200,
    );
    expect(rowsOf(mine).checks).toBe(1);
    expect(rowsOf(theirs).checks).toBe(0);
  });

  it('refuses an unknown plan with 400 validation_failed and a visitor with 401', async () => {
    const owner = await h.owner('free');
    for (const query of ['?plan=enterprise', '']) {
      const body = await h.api.expectJson<{ error: { code: string } }>(
        await h.api.send(owner.user, 'GET', `/retention/preview${query}`),
        400,
      );
      expect(body.error.code).toBe('validation_failed');
    }
    const visitor = await h.api.t.request('/api/v1/retention/preview?plan=free');
    expect(visitor.status).toBe(401);
  });
});
