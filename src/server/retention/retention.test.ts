import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_IDS, type PlanId } from '../../core/plans.ts';
import type { Database } from '../platform/db/schema.ts';
import { buildView } from '../status-pages/public-data.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { countResults, insertResults } from '../test/result-rows.ts';
import { signal } from '../test/signal.ts';
import { testDialect } from '../test/test-db.ts';
import { cutoffFor, DAY_MS, keepDays, RETENTION_KINDS, type RetentionKind } from './kinds.ts';
import type { BatchReport } from './prune.ts';
import { type RetentionHarness, retentionHarness } from './test/harness.ts';
import { INSERT_AGED, type Owner } from './test/rows.ts';

const SECOND = 1000;

let h: RetentionHarness;
beforeEach(async () => {
  h = await retentionHarness();
});
afterEach(async () => {
  await h.api.t.close();
});

async function agesOf(db: Kysely<Database>, kind: RetentionKind, workspaceId: string): Promise<number[]> {
  const owner =
    'parent' in kind.owner
      ? sql`${sql.ref(kind.owner.column)} in (select ${sql.ref(kind.owner.parentKey ?? 'id')} from ${sql.table(kind.owner.parent)} where workspace_id = ${workspaceId})`
      : sql`${sql.ref(kind.owner.column)} = ${workspaceId}`;
  const { rows } = await sql<{ at: number | string }>`
    select ${sql.ref(kind.at)} as at from ${sql.table(kind.table)} where ${owner} and ${sql.ref(kind.at)} is not null
    order by 1`.execute(db);
  return rows.map((row) => Number(row.at));
}

const EDGES = [
  ...new Set(RETENTION_KINDS.flatMap((kind) => PLAN_IDS.map((plan) => keepDays(kind, plan)))),
].sort((a, b) => a - b);

describe('the retention pass', () => {
  it('keeps each plan’s rows just inside every window and deletes those just outside, touching no other owner', async () => {
    expect(EDGES).toEqual([7, 30, 90, 180, 365, 400]);
    const now = h.api.clock.now();
    const owners = new Map<PlanId, Owner>();
    for (const plan of PLAN_IDS) owners.set(plan, await h.owner(plan));
    const inserted: number[] = [];
    for (const days of EDGES) inserted.push(now - days * DAY_MS + SECOND, now - days * DAY_MS - SECOND);
    for (const owner of owners.values()) {
      for (const kind of RETENTION_KINDS) {
        for (const at of inserted) await INSERT_AGED[kind.kind]?.(h.api.t.database.db, owner, at);
      }
    }

    const report = await h.retention().run();

    for (const [plan, owner] of owners) {
      for (const kind of RETENTION_KINDS) {
        const days = keepDays(kind, plan);
        // Among the rows inserted here: setting the owner up made rows of its own (its monitor's audit event).
        const kept = (await agesOf(h.api.t.database.db, kind, owner.workspaceId)).filter((at) =>
          inserted.includes(at),
        );
        expect(kept, `${plan} ${kind.kind}`).toContain(now - days * DAY_MS + SECOND);
        expect(kept, `${plan} ${kind.kind}`).not.toContain(now - days * DAY_MS - SECOND);
        const expected = inserted.filter((at) => at >= cutoffFor(kind, plan, now)).sort((a, b) => a - b);
        expect(kept, `${plan} ${kind.kind}`).toEqual(expected);
      }
    }
    // Free keeps 7 days of checks: 11 of its 12 check rows go; Pro keeps 365: 3 go.
    expect(report?.deleted.checks).toBe(11 + 7 + 3);
    expect(report?.complete).toBe(true);
  });

  it('never prunes an open incident; a pruned incident takes its events, updates, notes and monitors along', async () => {
    const owner = await h.owner('free');
    const db = h.api.t.database.db;
    const longAgo = h.api.clock.now() - 400 * DAY_MS;
    const open = await h.api.automatic(owner.user, owner.monitorId, longAgo);
    await INSERT_AGED.incidents?.(db, owner, longAgo);
    expect(await h.count('incidents', 'workspace_id', owner.workspaceId)).toBe(2);

    const report = await h.retention().run();

    expect(report?.deleted.incidents).toBe(1);
    const left = await db
      .selectFrom('incidents')
      .select('id')
      .where('workspace_id', '=', owner.workspaceId)
      .execute();
    expect(left.map((row) => row.id)).toEqual([open.id]);
    expect(await h.count('incident_events')).toBe(1);
    expect(await h.count('incident_events', 'incident_id', open.id)).toBe(1);
    expect(await h.count('incident_monitors')).toBe(1);
    expect(await h.count('incident_updates')).toBe(0);
    expect(await h.count('incident_notes')).toBe(0);
  });

  it('leaves the status page’s 90-day bars and uptime unchanged when check results are pruned', async () => {
    const db = h.api.t.database.db;
    const owner = await h.owner('free');
    const now = h.api.clock.now();
    const monitor = monitorRow(owner.workspaceId, 'https://bars.example.com', now - 120 * DAY_MS);
    await insertMonitors(db, [monitor]);
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    for (let day = 0; day < 95; day++) {
      const at = today - day * DAY_MS;
      await db
        .insertInto('rollups_daily')
        .values({
          monitor_id: monitor.id,
          bucket_start: at,
          checks: 100,
          up_checks: 100 - (day % 7),
          degraded_checks: 0,
          latency_sum_ms: 12_000,
          latency_min_ms: 90,
          latency_max_ms: 200,
        })
        .execute();
      await insertResults(db, [{ monitor_id: monitor.id, checked_at: at + 60_000 }]);
    }
    const header = {
      path: '/status/shop',
      title: 'Shop',
      description: null,
      logoUrl: null,
      accentColor: null,
      showResponseTimes: true,
      removeBranding: false,
      language: 'en' as const,
    };
    const before = await buildView(db, owner.workspaceId, header, [monitor], now);

    const report = await h.retention().run();

    expect(report?.deleted.checks).toBeGreaterThan(80);
    expect(await countResults(db, monitor.id)).toBeLessThanOrEqual(8);
    const after = await buildView(db, owner.workspaceId, header, [monitor], now);
    expect(after.monitors[0]?.days).toEqual(before.monitors[0]?.days);
    expect(after.monitors[0]?.uptime90d).toBe(before.monitors[0]?.uptime90d);
    expect(before.monitors[0]?.uptime90d).not.toBeNull();
  });

  it('deletes 3 × 5,000 + 1 expired rows in at least 4 transactions of at most 5,000 rows each', async () => {
    const owner = await h.owner('free');
    const db = h.api.t.database.db;
    const old = h.api.clock.now() - 30 * DAY_MS;
    await insertResults(
      db,
      Array.from({ length: 3 * 5_000 + 1 }, (_, i) => ({ monitor_id: owner.monitorId, checked_at: old - i })),
    );
    expect(await countResults(db, owner.monitorId)).toBe(15_001);
    const batches: BatchReport[] = [];

    const report = await h.retention({ onBatch: (batch) => batches.push(batch) }).run();

    const checkBatches = batches.filter((batch) => batch.kind === 'checks' && batch.rows > 0);
    expect(checkBatches.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...checkBatches.map((batch) => batch.rows))).toBeLessThanOrEqual(5_000);
    expect(report?.deleted.checks).toBe(15_001);
    expect(await countResults(db, owner.monitorId)).toBe(0);
  });

  it('runs once when two instances start the pass at the same moment', async () => {
    const owner = await h.owner('free');
    for (let i = 0; i < 3; i++)
      await INSERT_AGED.checks?.(h.api.t.database.db, owner, h.api.clock.now() - 10 * DAY_MS - i);
    const gate = signal();
    const holding = signal();
    const plans = {
      allowanceFor: async (workspaceId: string) => {
        holding.fire();
        await gate.done;
        return h.api.t.billing.plans.allowanceFor(workspaceId);
      },
    };
    const first = h.retention({ plans });
    // On PostgreSQL the second instance is another process's connection pool; on SQLite the
    // job lives in the single process, so a second start is the same instance again.
    const other = testDialect === 'postgres' ? h.api.t.database.reconnect() : null;
    const second = other ? h.retention({ plans, db: other.db }) : first;
    try {
      const running = first.run();
      await holding.done;
      await expect(second.run()).resolves.toBeNull();
      gate.fire();
      const report = await running;
      expect(report?.deleted.checks).toBe(3);
    } finally {
      await other?.destroy();
    }
  });
});
