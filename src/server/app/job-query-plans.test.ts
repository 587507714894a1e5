// Every periodic job costs what is due, not what exists: each job's per-poll statement searches
// an index and reads no table from end to end, on SQLite and on PostgreSQL alike.
import { type Compilable, type Kysely, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueDeliveriesQuery } from '../alerts/claim-deliveries.ts';
import { dueCustomerQueries } from '../billing/period-job.ts';
import { dueDigestsQuery } from '../digests/due.ts';
import { dueEscalationsQuery } from '../escalation/escalation-job.ts';
import { monitorPageQuery, oldResultsQuery, packCutoff } from '../history/pack-hours.ts';
import { dueRemindersQuery } from '../incidents/reminder-job.ts';
import { dueWindowsQuery } from '../maintenance/job.ts';
import { claimDueSitesQuery, claimNextRunQuery } from '../performance/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { claimDueMonitorsQuery, dueMonitorsQuery } from '../platform/db/dialect.ts';
import { explainQuery, type QueryPlan } from '../platform/db/query-plan.ts';
import type { Database } from '../platform/db/schema.ts';
import { claimRunsQuery } from '../regions/claim-runs.ts';
import { RETENTION_KINDS } from '../retention/kinds.ts';
import { deleteBatchStatement } from '../retention/prune.ts';
import { INSERT_AGED, insertSite } from '../retention/test/rows.ts';
import { changedSince, claimDueSslStatesQuery, syncSslStates } from '../ssl/claim.ts';
import { newSslState } from '../ssl/state.ts';
import { lapsedClaimsQuery } from '../status-pages/custom-domains/claims.ts';
import { claimDueSubscriberDeliveriesQuery } from '../status-pages/subscribers/claim.ts';
import { dueNoticesQuery } from '../status-pages/subscribers/fanout.ts';
import { sentDeliveryRow } from '../test/delivery-rows.ts';
import { automaticIncidentRow } from '../test/incident-rows.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { insertResults } from '../test/result-rows.ts';
import { insertToldSubscribers } from '../test/subscriber-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';

const NOW = 1_800_000_000_000;
let t: TestDatabase;
let parentIds: Awaited<ReturnType<typeof seed>>;

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: unknown[]) {
  for (let at = 0; at < rows.length; at += 200) {
    await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: rows shaped by the factories for `table`
      .values(rows.slice(at, at + 200) as any)
      .execute();
  }
}

/**
 * Plans follow table statistics: forty owners with ten monitors, a site and history each,
 * analysed, so both planners see tables shaped like production ones rather than empty ones.
 */
async function seed(db: Kysely<Database>, dialect: Dialect) {
  const old = NOW - 30 * 86_400_000;
  const monitors = [];
  const sites = [];
  for (let o = 0; o < 40; o++) {
    const owner = await insertOwner(db, dialect);
    await db
      .insertInto('retention_owner_plans')
      .values({ workspace_id: owner, plan_id: o % 2 ? 'free' : 'pro', noted_at: NOW })
      .execute();
    sites.push({ id: await insertSite(db, owner, NOW + 3_600_000), owner });
    for (let i = 0; i < 10; i++) {
      const url = i === 0 ? 'http://plain.example.com' : 'https://shop.example.com';
      monitors.push(monitorRow(owner, url, old, { paused: i === 1 ? 1 : 0 }));
    }
  }
  await insertMonitors(db, monitors);
  await insertAll(
    db,
    'monitor_ssl_state',
    monitors.map((m) => newSslState(m.id, NOW + 3_600_000)),
  );
  const hours = (n: number) => Array.from({ length: n }, (_, i) => old + i * 3_600_000);
  await insertResults(
    db,
    monitors.flatMap((m) => hours(20).map((at) => ({ monitor_id: m.id, checked_at: at }))),
  );
  await insertAll(
    db,
    'alert_deliveries',
    monitors.map((m) => sentDeliveryRow(m.workspace_id, m.id, old)),
  );
  // Every monitor had an outage long ago; a few are down now and get reminders.
  await insertAll(
    db,
    'incidents',
    monitors.map((m, i) =>
      automaticIncidentRow(m.workspace_id, m.id, old, {
        resolved_at: i % 50 === 0 ? null : old + 600_000,
        renotify_at: i % 50 === 0 ? NOW + 300_000 : null,
      }),
    ),
  );
  // A few rows of every prunable kind per owner (check results above).
  for (const [o, site] of sites.entries()) {
    const owner = { workspaceId: site.owner, siteId: site.id, monitorId: monitors[o * 10 + 2]?.id ?? '' };
    for (const [kind, insert] of Object.entries(INSERT_AGED)) {
      if (kind === 'checks') continue;
      for (const at of hours(3)) await insert(db, owner, at);
    }
  }
  // Every owner's status page told its subscribers of that outage long ago.
  for (const [o, site] of sites.entries()) await insertToldSubscribers(db, site.owner, `page-${o}`, old);
  // Every monitor is checked from three regions, each run claimed and due a minute from now.
  await insertAll(
    db,
    'monitor_regions',
    monitors.flatMap((m, i) =>
      ['eu-west', 'us-east', 'ap-south'].map((region) => ({
        monitor_id: m.id,
        region,
        next_run_at: NOW + 60_000 + i,
        status: 'up',
      })),
    ),
  );
  // …with twenty days of each region's daily rollups.
  await insertAll(
    db,
    'region_rollups_daily',
    monitors.flatMap((m) =>
      // Not eu-west: the rows of every prunable kind below include one of its days.
      ['us-east', 'ap-south', 'sa-east'].flatMap((region) =>
        Array.from({ length: 20 }, (_, day) => ({
          monitor_id: m.id,
          bucket_start: old + day * 86_400_000,
          region,
          checks: 1440,
          up_checks: 1440,
          latency_sum_ms: 144_000,
        })),
      ),
    ),
  );
  // Every owner's digest went out; the next is later.
  await db
    .updateTable('digest_settings')
    .set({ next_send_at: NOW + 3_600_000 })
    .execute();
  // Every owner's page has its custom domain, verified long ago: the sweep of lapsed claims skips them.
  await db
    .updateTable('status_pages')
    .set({
      custom_domain: sql`slug || '.example.test'`,
      domain_token: 'token',
      domain_claimed_at: old,
      domain_verified_at: old,
    })
    .execute();
  await sql`analyze`.execute(db);
  const seqs = await db.selectFrom('monitors').select('seq').orderBy('seq').execute();
  return {
    monitors: monitors.map((m) => m.id).sort(),
    /** Monitors by their number, the parents of check results. */
    monitor_seqs: seqs.map((m) => Number(m.seq)),
    performance_sites: sites.map((site) => site.id).sort(),
    retention_owner_plans: sites.map((site) => site.owner).sort(),
  };
}

// Seeding 400 monitors with history takes seconds on PostgreSQL when the machine is busy.
beforeAll(async () => {
  t = await createTestDatabase({ pristine: true });
  parentIds = await seed(t.db, t.dialect);
}, 60_000);
afterAll(async () => {
  await t.destroy();
});

const explain = (query: Compilable | RawBuilder<unknown>) =>
  explainQuery(t.db as Kysely<unknown>, t.dialect, 'as' in query ? query.compile(t.db) : query.compile());

/** The plan searches `index` and reads nothing from end to end but a CTE's own rows (`due`, `next`). */
function expectIndexSearch(plan: QueryPlan, index: string) {
  expect(plan.text, plan.text).toContain(index);
  expect(
    plan.fullScans.filter((name) => name !== 'due' && name !== 'next'),
    plan.text,
  ).toEqual([]);
}

describe('per-poll statements of the periodic jobs', () => {
  it('claims free due monitors through the unclaimed-due index, and expired leases through the lease index', async () => {
    const options = { now: NOW, dueBy: NOW + 1000, limit: 50, workerId: 'w1', leaseMarginMs: 15_000 };
    expectIndexSearch(
      await explain(claimDueMonitorsQuery(t.db, t.dialect, 'free', options)),
      'monitors_unclaimed_due_idx',
    );
    expectIndexSearch(
      await explain(claimDueMonitorsQuery(t.db, t.dialect, 'expired', options)),
      'monitors_claimed_until_idx',
    );
    // The reads that come first, to skip a claim that would find nothing.
    expectIndexSearch(await explain(dueMonitorsQuery(t.db, 'free', options)), 'monitors_unclaimed_due_idx');
    expectIndexSearch(
      await explain(dueMonitorsQuery(t.db, 'expired', options)),
      'monitors_claimed_until_idx',
    );
  });

  it("claims a region's due runs of multi-region monitors through its unclaimed-due index, and expired ones through the lease index", async () => {
    const options = {
      now: NOW,
      dueBy: NOW + 1000,
      limit: 50,
      workerId: 'w1',
      leaseMarginMs: 15_000,
      region: 'us-east',
    };
    expectIndexSearch(
      await explain(claimRunsQuery(t.db, t.dialect, 'free', options)),
      'monitor_regions_unclaimed_due_idx',
    );
    expectIndexSearch(
      await explain(claimRunsQuery(t.db, t.dialect, 'expired', options)),
      'monitor_regions_claimed_until_idx',
    );
  });

  it('claims due certificates from the active-state index without reading monitors', async () => {
    const claim = claimDueSslStatesQuery(t.db, t.dialect, {
      now: NOW,
      limit: 8,
      workerId: 'w1',
      leaseMs: 75_000,
    });
    const plan = await explain(claim);
    expectIndexSearch(plan, 'monitor_ssl_state_active_due_idx');
    expect(plan.text).not.toMatch(/\bmonitors\b/);
  });

  it('keeps certificate states in step by reading only the monitors changed since the last sync', async () => {
    // The sync is two statements; capture what it sends rather than copy them here.
    const sent: Compilable[] = [];
    const recording = t.db.withPlugin({
      transformQuery: (args) => {
        sent.push({ compile: () => recording.getExecutor().compileQuery(args.node, args.queryId) });
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await syncSslStates(recording, NOW, changedSince(NOW - 120_000));
    expect(sent).toHaveLength(2);
    for (const statement of sent) {
      expectIndexSearch(await explain(statement), 'monitors_updated_idx');
    }
  });

  it('claims due performance sites and the next queued run through their indexes', async () => {
    const sites = await explain(
      claimDueSitesQuery(t.db, t.dialect, { now: NOW, limit: 20, leaseMs: 60_000 }),
    );
    expectIndexSearch(sites, 'performance_sites_due_idx');
    const runs = await explain(
      claimNextRunQuery(t.db, t.dialect, { now: NOW, workerId: 'w1', leaseMs: 60_000 }),
    );
    expectIndexSearch(runs, 'performance_checks_status_idx');
  });

  it('claims due alert deliveries through their due index', async () => {
    const plan = await explain(
      claimDueDeliveriesQuery(t.db, t.dialect, { now: NOW, limit: 50, leaseMs: 60_000 }),
    );
    expectIndexSearch(plan, 'alert_deliveries_due_idx');
  });

  it('finds the incidents whose "still down" reminder is due through the reminder index', async () => {
    expectIndexSearch(await explain(dueRemindersQuery(t.db, NOW)), 'incidents_renotify_idx');
  });

  it('finds the incidents whose next escalation step is due through the partial next-escalation index', async () => {
    const plan = await explain(dueEscalationsQuery(t.db, { now: NOW, limit: 25 }));
    expectIndexSearch(plan, 'incidents_next_escalation_idx');
    expect(plan.text).not.toMatch(/\bmonitors\b/);
  });

  it('finds the status page notices due for expansion through their partial fan-out index', async () => {
    expectIndexSearch(await explain(dueNoticesQuery(t.db, NOW, 20)), 'status_page_notices_fanout_idx');
  });

  it('claims due subscriber deliveries through their partial due index', async () => {
    expectIndexSearch(
      await explain(
        claimDueSubscriberDeliveriesQuery(t.db, t.dialect, { now: NOW, limit: 50, leaseMs: 60_000 }),
      ),
      'status_page_deliveries_due_idx',
    );
  });

  it('finds custom-domain claims left unverified for 7 days through their partial index', async () => {
    expectIndexSearch(await explain(lapsedClaimsQuery(t.db, NOW)), 'status_pages_domain_claims_idx');
  });

  it('finds the maintenance windows due to start or end through their next-transition index', async () => {
    expectIndexSearch(await explain(dueWindowsQuery(t.db, NOW)), 'maintenance_windows_due_idx');
  });

  it('finds the users whose digest is due through the next-send index, a page after a page', async () => {
    for (const after of [null, { at: NOW - 60_000, userId: parentIds.retention_owner_plans[3] ?? '' }]) {
      const plan = await explain(dueDigestsQuery(t.db, { now: NOW, after, limit: 500 }));
      expectIndexSearch(plan, 'digest_settings_next_send_idx');
    }
  });

  it('finds billing customers with something due through one index per kind of due date', async () => {
    const [scheduled, periodEnd, trialEnd, resets] = dueCustomerQueries(t.db, NOW);
    const expected = [
      // With no billing rows to go by, a planner may take any of the status-led indexes.
      [scheduled, 'billing_products_status_'],
      [periodEnd, 'billing_products_status_'],
      [trialEnd, 'billing_products_status_'],
      [resets, 'billing_entitlements_reset_idx'],
    ] as const;
    for (const [query, index] of expected) {
      if (!query) throw new Error('a due-customer query is missing');
      expectIndexSearch(await explain(query), index);
    }
  });

  it('packs old results a page of monitors at a time, reading each monitor’s old rows by its key', async () => {
    const seqs = parentIds.monitor_seqs;
    expectIndexSearch(
      await explain(monitorPageQuery(t.db, seqs[5] ?? 0)),
      t.dialect === 'sqlite'
        ? 'SEARCH monitors USING COVERING INDEX monitors_seq_key (seq>?)'
        : 'monitors_seq_key',
    );
    const plan = await explain(oldResultsQuery(t.db, seqs.slice(5, 105), packCutoff(NOW)));
    // SQLite: one range of the clustered key per monitor; PostgreSQL: the key's index.
    expectIndexSearch(
      plan,
      t.dialect === 'sqlite'
        ? 'SEARCH check_results USING PRIMARY KEY (monitor_seq=? AND checked_at<?)'
        : 'check_results_compact_pkey',
    );
  });

  it('prunes each kind a page of parents at a time, probing the rows of each parent by index', async () => {
    const cutoffs = [
      { plan: 'free', cutoff: NOW - 7 * 86_400_000 },
      { plan: 'pro', cutoff: NOW - 365 * 86_400_000 },
    ] as const;
    for (const kind of RETENTION_KINDS) {
      // A page of parents among many, as the pass walks them.
      const ids: readonly (string | number)[] = !('parent' in kind.owner)
        ? parentIds.retention_owner_plans
        : kind.owner.parentKey === 'seq'
          ? parentIds.monitor_seqs
          : parentIds[kind.owner.parent];
      const page = {
        after: ids[5] ?? '',
        last: ids[25] ?? '',
        from: { parent: ids[9] ?? '', at: NOW - 60 * 86_400_000 },
      };
      const plan = await explain(deleteBatchStatement(t.dialect, kind, cutoffs, page, 1000));
      const parentId = 'parent' in kind.owner ? (kind.owner.parentKey ?? 'id') : 'workspace_id';
      const parents = t.dialect === 'sqlite' ? `SEARCH p USING` : `Index Cond: ((${parentId} > `;
      // The kind's rows of each parent: one index range (SQLite also bounded by the cutoff).
      const rows =
        t.dialect === 'postgres'
          ? `(${kind.owner.column} = p.${parentId})`
          : kind.table === 'budget_violations'
            ? `${kind.owner.column}=?`
            : `${kind.owner.column}=? AND ${kind.at}<?`;
      expectIndexSearch(plan, parents);
      expect(plan.text, `${kind.kind}\n${plan.text}`).toContain(rows);
    }
  });
});
