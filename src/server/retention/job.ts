// The daily retention pass (SPEC.md §9): delete what each owner's effective plan no longer
// keeps. The pass first notes every owner's plan (the billing engine answers per owner), then
// prunes kind by kind over all owners at once in short set-based batches (prune.ts). Leader-only;
// bounded in batches and time; it yields to the event loop between statements.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { PLAN_IDS } from '../../core/plans.ts';
import type { UserPlanSource } from '../plans/user-plan.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database } from '../platform/db/schema.ts';
import { createLeaderLock } from '../platform/jobs/leader-lock.ts';
import { backgroundPass, type WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { cutoffFor, DAY_MS, RETENTION_KINDS, type RetentionKind } from './kinds.ts';
import { type BatchReport, type Budget, exhausted, pruneKind, yieldToEventLoop } from './prune.ts';

const RETENTION_LOCK = 727_011;
const OWNER_PAGE = 500;
/** Plan lookups run back to back at most this long before the event loop gets a turn. */
const LOOKUPS_MS = 10;

export interface RetentionLimits {
  /** Batches that delete rows (each at most BATCH_ROWS) one pass may run; the rest waits for the next pass. */
  maxBatches: number;
  maxMs: number;
}

const DEFAULT_LIMITS: RetentionLimits = { maxBatches: 200_000, maxMs: 30 * 60_000 };

export interface RetentionDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  /** The billing engine's answer to each owner's effective plan. */
  plans: Pick<UserPlanSource, 'allowanceFor'>;
  kinds?: readonly RetentionKind[];
  limits?: RetentionLimits;
  onBatch?: (report: BatchReport) => void;
}

export interface RetentionReport {
  owners: number;
  deleted: Record<string, number>;
  batches: number;
  /** False when the pass stopped at its batch or time bound with rows left. */
  complete: boolean;
}

/** Notes every owner's effective plan, a page of owners per statement; returns how many. */
async function notePlans(deps: RetentionDeps, budget: Budget): Promise<number> {
  const { db, clock } = deps;
  let after = '';
  let noted = 0;
  let since = performance.now();
  while (!exhausted(budget)) {
    const page = await db
      .selectFrom('organization')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(OWNER_PAGE)
      .execute();
    if (page.length === 0) break;
    const rows = [];
    for (const { id } of page) {
      rows.push({
        workspace_id: id,
        plan_id: (await deps.plans.allowanceFor(id)).plan.id,
        noted_at: clock.now(),
      });
      if (performance.now() - since > LOOKUPS_MS) {
        await yieldToEventLoop();
        since = performance.now();
      }
    }
    await db
      .insertInto('retention_owner_plans')
      .values(rows)
      .onConflict((oc) =>
        oc.column('workspace_id').doUpdateSet((eb) => ({
          plan_id: eb.ref('excluded.plan_id'),
          noted_at: eb.ref('excluded.noted_at'),
        })),
      )
      .execute();
    noted += rows.length;
    after = page[page.length - 1]?.id ?? after;
    if (page.length < OWNER_PAGE) break;
  }
  return noted;
}

async function pass(deps: RetentionDeps, signal?: AbortSignal): Promise<RetentionReport> {
  const { db, clock, kinds = RETENTION_KINDS, limits = DEFAULT_LIMITS } = deps;
  const now = clock.now();
  const budget: Budget = {
    batchesLeft: limits.maxBatches,
    deadline: now + limits.maxMs,
    now: () => clock.now(),
    signal,
  };
  const owners = await notePlans(deps, budget);
  const deleted: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind.kind, 0]));
  for (const kind of kinds) {
    if (exhausted(budget)) break;
    const cutoffs = PLAN_IDS.map((plan) => ({ plan, cutoff: cutoffFor(kind, plan, now) }));
    deleted[kind.kind] = await pruneKind(db, deps.dialect, kind, cutoffs, budget, deps.onBatch);
  }
  const batches = limits.maxBatches - budget.batchesLeft;
  return { owners, deleted, batches, complete: !exhausted(budget) };
}

/** One process's retention: `run` resolves null when another process holds the lock. */
export function createRetention(deps: RetentionDeps) {
  const lock = createLeaderLock(deps.db, deps.dialect, RETENTION_LOCK);
  const log = deps.logger.child({ module: 'retention' });
  return {
    /** One pass; `signal` stops it between statements (the worker stopping). */
    async run(signal?: AbortSignal): Promise<RetentionReport | null> {
      const report = await lock.run(() => pass(deps, signal));
      if (!report) return null;
      if (report.batches > 0) log.info(report, 'retention pass');
      if (!report.complete) log.warn(report, 'retention pass stopped at its bound; the next pass continues');
      return report;
    },
  };
}

/**
 * The worker's retention job: one pass a day, the first at the worker's first poll (after the
 * web server listens: `upwatch start` starts the worker then). The pass runs beside the
 * worker's rounds, never inside one, so checks keep being claimed while it prunes; stopping
 * the worker stops the pass at its next statement.
 */
export function retentionJob(
  run: (signal: AbortSignal) => Promise<unknown>,
  clock: Clock,
  logger: Logger,
): WorkerJob {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  const due = () => {
    if (clock.now() - lastRunAt < DAY_MS) return false;
    lastRunAt = clock.now();
    return true;
  };
  return backgroundPass('retention', logger, due, run);
}
