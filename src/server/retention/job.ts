// The daily retention pass (SPEC.md §9): for every owner, delete what the owner's effective plan
// no longer keeps, kind by kind, in bounded batches. Leader-only; bounded in batches and time.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { UserPlanSource } from '../plans/user-plan.ts';
import { periodicJob, type WorkerJob } from '../scheduler/worker.ts';
import { cutoffFor, DAY_MS, RETENTION_KINDS, type RetentionKind } from './kinds.ts';
import { createLeaderLock } from './leader-lock.ts';
import { type BatchReport, type Budget, exhausted, pruneKind } from './prune.ts';

const RETENTION_LOCK = 727_011;
const OWNER_PAGE = 500;

export interface RetentionLimits {
  /** Batches that delete rows (each at most BATCH_ROWS) one pass may run; the rest waits for the next pass. */
  maxBatches: number;
  maxMs: number;
}

const DEFAULT_LIMITS: RetentionLimits = { maxBatches: 20_000, maxMs: 30 * 60_000 };

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

async function* owners(db: Kysely<Database>): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('user')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(OWNER_PAGE)
      .execute();
    for (const { id } of page) yield id;
    const last = page.at(-1);
    if (!last || page.length < OWNER_PAGE) return;
    after = last.id;
  }
}

async function pass(deps: RetentionDeps): Promise<RetentionReport> {
  const { db, clock, kinds = RETENTION_KINDS, limits = DEFAULT_LIMITS } = deps;
  const now = clock.now();
  const budget: Budget = {
    batchesLeft: limits.maxBatches,
    deadline: now + limits.maxMs,
    now: () => clock.now(),
  };
  const deleted: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind.kind, 0]));
  let ownerCount = 0;
  for await (const ownerId of owners(db)) {
    if (exhausted(budget)) break;
    ownerCount += 1;
    const plan = (await deps.plans.allowanceFor(ownerId)).plan.id;
    for (const kind of kinds) {
      const cutoff = cutoffFor(kind, plan, now);
      deleted[kind.kind] =
        (deleted[kind.kind] ?? 0) +
        (await pruneKind(db, deps.dialect, kind, ownerId, cutoff, budget, deps.onBatch));
    }
  }
  const batches = limits.maxBatches - budget.batchesLeft;
  return { owners: ownerCount, deleted, batches, complete: !exhausted(budget) };
}

/** One process's retention: `run` resolves null when another process holds the lock. */
export function createRetention(deps: RetentionDeps) {
  const lock = createLeaderLock(deps.db, deps.dialect, RETENTION_LOCK);
  const log = deps.logger.child({ module: 'retention' });
  return {
    async run(): Promise<RetentionReport | null> {
      const report = await lock.run(() => pass(deps));
      if (!report) return null;
      if (report.batches > 0) log.info(report, 'retention pass');
      if (!report.complete) log.warn(report, 'retention pass stopped at its bound; the next pass continues');
      return report;
    },
  };
}

/** The worker's retention job: one pass a day. */
export function retentionJob(run: () => Promise<unknown>, clock: Clock): WorkerJob {
  return periodicJob('retention', clock, DAY_MS, run);
}
