// The hourly judgement of field budgets (issue 42, item 5): a minute after each hour ends (page
// views reach their hour rows about once a second, from every serve process), the leader judges
// every site with field budgets on the window ending at that hour. One process at a time holds the
// lock, and each budget's streaks record the hour judged, so an hour is judged once however many
// processes poll and whenever they restart.
import type { Kysely } from 'kysely';
import { isFieldBudget } from '../../../core/api/performance.ts';
import { FEATURE_IDS } from '../../../core/plans.ts';
import type { EntitlementsHelper } from '../../billing/plan-summary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { createLeaderLock } from '../../platform/jobs/leader-lock.ts';
import { periodicJob, type WorkerJob } from '../../platform/jobs/worker.ts';
import type { Logger } from '../../platform/logger.ts';
import { budgetsOf } from '../repository.ts';
import { judgeSite } from './judge-site.ts';
import { HOUR_MS } from './window-sample.ts';

const FIELD_BUDGET_LOCK = 727_015;
/** How long after an hour ends its page views are taken to be written. */
export const SETTLE_MS = 60_000;
const POLL_MS = 60_000;

export interface FieldBudgetJobDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}

/** The end of the newest hour that is over and settled: the window to judge ends there. */
export function settledHourEnd(now: number): number {
  return Math.floor((now - SETTLE_MS) / HOUR_MS) * HOUR_MS;
}

async function pass(deps: FieldBudgetJobDeps, end: number): Promise<number> {
  const { db, clock, entitlements } = deps;
  const now = clock.now();
  // Sites with a field budget, and those whose last one was taken off (their streaks remain).
  const sites = await db
    .selectFrom('performance_sites')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('budgets', 'like', '%"source":"field"%'),
        eb('id', 'in', eb.selectFrom('field_budget_streaks').select('site_id')),
      ]),
    )
    .orderBy('id')
    .execute();
  let judged = 0;
  for (const site of sites) {
    const budgets = budgetsOf(site).filter(isFieldBudget);
    // Without performance budgets in the plan nothing is judged (as for runs); the streaks wait.
    if (budgets.length > 0 && !(await entitlements.check(site.workspace_id, FEATURE_IDS.performanceBudgets)))
      continue;
    try {
      await judgeSite(db, site, budgets, { end, now });
      judged += 1;
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      deps.logger.error({ err, siteId: site.id }, 'field budgets not judged');
    }
  }
  return judged;
}

/** One pass per settled hour in this process; returns the sites it judged (0: not its turn). */
export function createFieldBudgetPass(deps: FieldBudgetJobDeps): () => Promise<number> {
  const lock = createLeaderLock(deps.db, deps.dialect, FIELD_BUDGET_LOCK);
  let doneUpTo = Number.NEGATIVE_INFINITY;
  return async () => {
    const end = settledHourEnd(deps.clock.now());
    if (end <= doneUpTo) return 0;
    const judged = await lock.run(() => pass(deps, end));
    // Held elsewhere: ask again next poll, in case that process stops before it is done.
    if (judged !== undefined) doneUpTo = end;
    return judged ?? 0;
  };
}

export function fieldBudgetJob(deps: FieldBudgetJobDeps): WorkerJob {
  return periodicJob('field-budgets', deps.clock, POLL_MS, createFieldBudgetPass(deps));
}
