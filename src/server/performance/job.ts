// The worker job for performance runs: each poll it queues the scheduled runs of due sites (at
// the owner plan's webVitalsFrequency) and starts the oldest queued run when none is in flight,
// one at a time per worker, in the background so the worker's other jobs keep their pace.
// Progress goes out on the event bus: queued -> running -> succeeded / failed.
import type { Kysely } from 'kysely';
import { FEATURE_IDS, PLANS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { PerformanceCheckConfig, PerformanceCheckResult } from '../checks/performance.ts';
import type { CheckRunner } from '../checks/types.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { PerformanceCheckTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { claimDueSites, claimNextRun } from './claim.ts';
import { recordRun } from './record.ts';
import { FREQUENCY_MS } from './schedule.ts';
import { queueRun } from './service.ts';

export interface PerformanceJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  guard: TargetGuard;
  events: EventBus;
  logger: Logger;
  region: string;
  workerId: string;
  entitlements: Pick<EntitlementsHelper, 'check' | 'planSummary'>;
  runner: CheckRunner<PerformanceCheckConfig, PerformanceCheckResult, 'performance'>;
  chromePath: string;
  timeLimitMs: number;
  extraChromeFlags?: readonly string[];
}

export interface PerformanceJob extends WorkerJob {
  /** Resolves once the run in flight (if any) has been stored (tests wait on it). */
  idle(): Promise<void>;
}

const SITE_BATCH = 50;

export function createPerformanceJob(options: PerformanceJobOptions): PerformanceJob {
  const { db, dialect, clock, events, region, workerId, entitlements, runner } = options;
  const log = options.logger.child({ module: 'performance-runs' });
  // A dead worker's run lapses once the longest run plus a margin is over.
  const leaseMs = options.timeLimitMs + 60_000;
  const runs = new AbortController();
  let inFlight: { run: PerformanceCheckTable; done: Promise<void> } | undefined;

  function publish(
    run: PerformanceCheckTable,
    monitorId: string | null,
    status: PerformanceCheckTable['status'],
  ) {
    events.publish([
      {
        type: 'performance.run',
        workspaceId: run.workspace_id,
        monitorId,
        siteId: run.site_id,
        runId: run.id,
        status,
        at: clock.now(),
      },
    ]);
  }

  async function scheduleDueSites(): Promise<void> {
    const now = clock.now();
    const sites = await claimDueSites(db, dialect, { now, limit: SITE_BATCH, leaseMs });
    for (const site of sites) {
      const { plan } = await entitlements.planSummary(site.workspace_id);
      const every = FREQUENCY_MS[PLANS[plan].limits.webVitalsFrequency];
      await db
        .updateTable('performance_sites')
        .set({ next_run_at: now + every })
        .where('id', '=', site.id)
        .execute();
      await queueRun({ db, events }, site, 'schedule', now);
    }
  }

  async function execute(run: PerformanceCheckTable): Promise<void> {
    const site = await db
      .selectFrom('performance_sites')
      .selectAll()
      .where('id', '=', run.site_id)
      .executeTakeFirst();
    if (!site) return;
    publish(run, site.monitor_id, 'running');
    const result = await runner.run(
      {
        url: site.url,
        device: site.device,
        chromePath: options.chromePath,
        extraChromeFlags: options.extraChromeFlags,
        timeLimitMs: options.timeLimitMs,
      },
      { signal: runs.signal, clock, guard: options.guard, region },
    );
    const budgetsAllowed = await entitlements.check(site.workspace_id, FEATURE_IDS.performanceBudgets);
    const stored = await recordRun(db, { run, site, result, budgetsAllowed, now: clock.now(), workerId });
    if (stored) publish(run, site.monitor_id, result.status === 'down' ? 'failed' : 'succeeded');
  }

  function start(run: PerformanceCheckTable): void {
    const done = execute(run)
      .catch((err: unknown) => {
        if (!runs.signal.aborted) log.error({ err, runId: run.id }, 'performance run failed');
      })
      .finally(() => {
        inFlight = undefined;
      });
    inFlight = { run, done };
  }

  return {
    name: 'performance-runs',
    async run(signal) {
      if (signal.aborted) return false;
      await scheduleDueSites();
      if (inFlight) return false;
      const run = await claimNextRun(db, dialect, { now: clock.now(), workerId, leaseMs });
      if (run) start(run);
      return false;
    },
    async idle() {
      await inFlight?.done;
    },
    async drain() {
      // A run is repeatable: stop it rather than wait up to its time limit, and queue it again.
      const current = inFlight;
      runs.abort(new Error('Worker stopped before the performance run finished.'));
      await current?.done;
      if (!current) return;
      await db
        .updateTable('performance_checks')
        .set({ status: 'queued', started_at: null, claimed_by: null, claimed_until: null })
        .where('id', '=', current.run.id)
        .where('claimed_by', '=', workerId)
        .execute();
    },
  };
}
