// `npm run bench -- jobs`: what each periodic job's per-poll statement costs on SQLite with
// 10,000 and then 100,000 monitors (ten per owner, 90 % https with certificate state rows, a
// performance site and a sent alert per ten monitors), with nothing due: the cost of an idle
// poll. Prints the median ms per statement at both sizes and the ratio (goal ≤ 1.5: a job
// costs what is due, not what exists). `sslClaimBefore` is the claim as it was before issue 17,
// for comparison, and `digestPageBefore` the digest pass's page read before it (every owner, a
// page at a time, here one page). Environment: BENCH_JOBS_SIZES (10000,100000), BENCH_JOBS_RUNS (200).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Compilable, type Kysely, sql } from 'kysely';
import { PLAN_IDS } from '../src/core/plans.ts';
import { claimDueDeliveriesQuery } from '../src/server/alerts/claim-deliveries.ts';
import { dueCustomerQueries } from '../src/server/billing/period-job.ts';
import { dueDigestsQuery } from '../src/server/digests/due.ts';
import { dueRemindersQuery } from '../src/server/incidents/reminder-job.ts';
import { claimDueSitesQuery, claimNextRunQuery } from '../src/server/performance/claim.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import type { Database } from '../src/server/platform/db/schema.ts';
import { cutoffFor, RETENTION_KINDS } from '../src/server/retention/kinds.ts';
import { deleteBatchStatement } from '../src/server/retention/prune.ts';
import { insertSite } from '../src/server/retention/test/rows.ts';
import { changedSince, claimDueSslStatesQuery, syncSslStates } from '../src/server/ssl/claim.ts';
import { sentDeliveryRow } from '../src/server/test/delivery-rows.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';

const SIZES = (process.env.BENCH_JOBS_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_JOBS_RUNS ?? 200);
const PER_OWNER = 10;
const NOW = Date.now();

type Db = Kysely<Database>;

/** Median wall ms of `run` over RUNS calls, after a few warm-up calls. */
async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(times.length / 2)] ?? 0) * 1000) / 1000;
}

const execute = (db: Db, query: Compilable) => db.executeQuery(query.compile());

/** The certificate claim before issue 17: an https filter over every monitor on each poll. */
function sslClaimBefore(db: Db) {
  return sql`with due as (
      select monitor_id from monitor_ssl_state
      where next_check_at <= ${NOW} and (claimed_until is null or claimed_until <= ${NOW})
        and monitor_id in (select id from monitors where paused = 0 and lower(substr(url, 1, 6)) = 'https:')
      order by next_check_at limit 8)
    update monitor_ssl_state set claimed_until = ${NOW + 75_000}, claimed_by = 'bench'
    from due where monitor_ssl_state.monitor_id = due.monitor_id returning *`.execute(db);
}

/** A page of the digest pass before issue 17: every owner whose digest is on, in id order. */
function digestPageBefore(db: Db) {
  return sql`select u.id, u.email, u.timezone, u."createdAt", d.frequency, d.weekday, d.hour,
      d.last_preview_at, d.updated_at
    from "user" u left join digest_settings d on d.user_id = u.id
    where u.id > '' and (d.frequency is null or d.frequency != 'off')
    order by u.id limit 500`.execute(db);
}

/** Adds owners with ten monitors each (one in ten plain http), sites and sent alerts, to `total` monitors. */
async function grow(db: Db, from: number, total: number) {
  for (let made = from; made < total; made += PER_OWNER) {
    const owner = await insertOwner(db, 'sqlite');
    await db
      .insertInto('retention_owner_plans')
      .values({ workspace_id: owner, plan_id: 'free', noted_at: NOW })
      .execute();
    const monitors = Array.from({ length: PER_OWNER }, (_, i) =>
      monitorRow(owner, i === 0 ? 'http://plain.example.com' : 'https://shop.example.com', NOW - 86_400_000, {
        next_run_at: NOW + 3_600_000,
      }),
    );
    await insertMonitors(db, monitors);
    await insertSite(db, owner, NOW + 3_600_000);
    await db
      .insertInto('alert_deliveries')
      .values(sentDeliveryRow(owner, monitors[1]?.id ?? null, NOW - 86_400_000))
      .execute();
  }
  // Every https monitor has its certificate state row, checked a while ago, next due later.
  await syncSslStates(db, NOW - 86_400_000, (eb) => eb('updated_at', '>=', 0));
  await db
    .updateTable('monitor_ssl_state')
    .set({ next_check_at: NOW + 3_600_000 })
    .execute();
  // Every owner's digest went out and the next one is later.
  await db
    .updateTable('digest_settings')
    .set({ next_send_at: NOW + 3_600_000 })
    .execute();
}

async function measure(db: Db) {
  const checks = RETENTION_KINDS.find((kind) => kind.kind === 'checks');
  if (!checks) throw new Error('no checks kind');
  const cutoffs = PLAN_IDS.map((plan) => ({ plan, cutoff: cutoffFor(checks, plan, NOW) }));
  const { rows } = await sql<{ id: string }>`select id from monitors order by id limit 501`.execute(db);
  const page = { after: rows[0]?.id ?? '', last: rows.at(-1)?.id ?? '' };
  const [scheduled, periodEnd, trialEnd, resets] = dueCustomerQueries(db, NOW);
  const claim = { now: NOW, limit: 8, workerId: 'bench', leaseMs: 75_000 };
  return {
    sslClaim: await median(() => execute(db, claimDueSslStatesQuery(db, 'sqlite', claim))),
    sslClaimBefore: await median(() => sslClaimBefore(db)),
    sslSyncPerMinute: await median(() => syncSslStates(db, NOW, changedSince(NOW - 120_000))),
    performanceSites: await median(() =>
      execute(db, claimDueSitesQuery(db, 'sqlite', { now: NOW, limit: 20, leaseMs: 60_000 })),
    ),
    performanceRuns: await median(() =>
      execute(db, claimNextRunQuery(db, 'sqlite', { now: NOW, workerId: 'bench', leaseMs: 60_000 })),
    ),
    alertDeliveries: await median(() =>
      execute(db, claimDueDeliveriesQuery(db, 'sqlite', { now: NOW, limit: 50, leaseMs: 60_000 })),
    ),
    billingDueCustomers: await median(async () => {
      for (const query of [scheduled, periodEnd, trialEnd, resets]) if (query) await query.execute();
    }),
    retentionBatch: await median(() =>
      deleteBatchStatement('sqlite', checks, cutoffs, page, 1000).execute(db),
    ),
    incidentReminders: await median(() => execute(db, dueRemindersQuery(db, NOW))),
    digestDue: await median(() => execute(db, dueDigestsQuery(db, { now: NOW, after: null, limit: 500 }))),
    digestPageBefore: await median(() => digestPageBefore(db)),
  };
}

export async function jobs() {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-jobs-'));
  const handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'upwatch.db') });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const results: Record<string, Record<string, number>> = {};
    let monitors = 0;
    for (const size of SIZES) {
      const seedStart = performance.now();
      await grow(handle.db, monitors, size);
      monitors = size;
      const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
      results[size] = { ...(await measure(handle.db)), seedSeconds };
    }
    const [small, large] = SIZES.map((size) => results[size] ?? {});
    const ratio = Object.fromEntries(
      Object.keys(small ?? {})
        .filter((key) => key !== 'seedSeconds')
        .map((key) => [key, Math.round(((large?.[key] ?? 0) / (small?.[key] || 1)) * 100) / 100]),
    );
    return { benchmark: 'jobs', runs: RUNS, msPerPoll: results, ratio, goalRatio: 1.5 };
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
