// Every performance site write: authorise (owner scope) -> validate -> entitlement -> write ->
// event. Routes, the worker job and deployments all come through here.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import {
  type Budget,
  DEFAULT_BUDGETS,
  type PerformanceRun,
  type PerformanceSite,
  type PerformanceSiteInput,
  type performanceSiteUpdateSchema,
} from '../../core/api/performance.ts';
import { FEATURE_IDS, FEATURE_LABELS, lowestPlanWith, PLANS } from '../../core/plans.ts';
import { recordAudit } from '../audit/record.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { PerformanceCheckTable, PerformanceSiteTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { runsExhausted, siteLimitReached } from './refusals.ts';
import { getOwnedSiteRow, toSite } from './repository.ts';
import { listRuns, type RunListQuery } from './run-list.ts';

export interface PerformanceServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  entitlements: EntitlementsHelper;
  /** Refuses URLs whose host is private (SSRF guard); throws an ApiError. */
  vetUrl(url: string): Promise<void>;
}

type SiteUpdate = z.infer<typeof performanceSiteUpdateSchema>;

export function newRunRow(
  site: Pick<PerformanceSiteTable, 'id' | 'workspace_id'>,
  reason: PerformanceCheckTable['reason'],
  now: number,
): PerformanceCheckTable {
  return {
    id: uuidv7(),
    site_id: site.id,
    workspace_id: site.workspace_id,
    status: 'queued',
    reason,
    queued_at: now,
    started_at: null,
    finished_at: null,
    claimed_by: null,
    claimed_until: null,
    error_code: null,
    error_message: null,
    performance_score: null,
    lcp_ms: null,
    cls: null,
    tbt_ms: null,
    fcp_ms: null,
    speed_index_ms: null,
    server_response_ms: null,
    total_bytes: null,
    request_count: null,
    opportunities: '[]',
    blocked_requests: '[]',
    violations: '[]',
    regressions: '[]',
  };
}

/**
 * Queues a run and tells the owner's live views it is waiting; `alsoInTransaction` writes what
 * must commit with it (a person's run's audit event).
 */
export async function queueRun(
  deps: Pick<PerformanceServiceDeps, 'db' | 'events'>,
  site: PerformanceSiteTable,
  reason: PerformanceCheckTable['reason'],
  now: number,
  alsoInTransaction?: (tx: Kysely<Database>) => Promise<void>,
): Promise<PerformanceCheckTable> {
  const row = newRunRow(site, reason, now);
  if (alsoInTransaction) {
    await deps.db.transaction().execute(async (tx) => {
      await tx.insertInto('performance_checks').values(row).execute();
      await alsoInTransaction(tx);
    });
  } else {
    await deps.db.insertInto('performance_checks').values(row).execute();
  }
  deps.events.publish([
    {
      type: 'performance.run',
      workspaceId: site.workspace_id,
      monitorId: site.monitor_id,
      siteId: site.id,
      runId: row.id,
      status: 'queued',
      at: now,
    },
  ]);
  return row;
}

/**
 * For deployments: queues one run (reason 'deployment') for each of the owner's sites linked to
 * the monitor, without consuming performance_runs. Returns the queued runs' ids.
 */
export async function queueDeploymentRuns(
  deps: Pick<PerformanceServiceDeps, 'db' | 'events' | 'clock'>,
  workspaceId: string,
  monitorId: string,
): Promise<string[]> {
  const sites = await deps.db
    .selectFrom('performance_sites')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('monitor_id', '=', monitorId)
    .execute();
  const now = deps.clock.now();
  const runs = [];
  for (const site of sites) runs.push(await queueRun(deps, site, 'deployment', now));
  return runs.map((run) => run.id);
}

export function createPerformanceService(deps: PerformanceServiceDeps) {
  const { db, clock, entitlements } = deps;

  async function frequencyOf(workspaceId: string) {
    const { plan } = await entitlements.planSummary(workspaceId);
    return PLANS[plan].limits.webVitalsFrequency;
  }

  async function present(workspaceId: string, row: PerformanceSiteTable): Promise<PerformanceSite> {
    return toSite(db, row, await frequencyOf(workspaceId));
  }

  /** Budgets need performanceBudgets; an empty list sets none and is always allowed. */
  async function allowedBudgets(
    workspaceId: string,
    budgets: Budget[] | undefined,
  ): Promise<Budget[] | undefined> {
    const allowed = await entitlements.check(workspaceId, FEATURE_IDS.performanceBudgets);
    if (budgets === undefined) return allowed ? DEFAULT_BUDGETS : undefined;
    if (budgets.length > 0 && !allowed) {
      throw new ApiError(
        403,
        'feature_not_in_plan',
        `${FEATURE_LABELS.performanceBudgets} require the ${lowestPlanWith('performanceBudgets').displayName} plan or higher. Upgrade to set budgets on your sites.`,
      );
    }
    return budgets;
  }

  async function vetMonitor(workspaceId: string, monitorId: string | null | undefined): Promise<void> {
    if (monitorId) await getOwnedMonitorRow(db, workspaceId, monitorId);
  }

  return {
    async list(workspaceId: string): Promise<PerformanceSite[]> {
      const rows = await db
        .selectFrom('performance_sites')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const frequency = await frequencyOf(workspaceId);
      return Promise.all(rows.map((row) => toSite(db, row, frequency)));
    },

    async get(workspaceId: string, id: string): Promise<PerformanceSite> {
      return present(workspaceId, await getOwnedSiteRow(db, workspaceId, id));
    },

    async create(caller: Caller, input: PerformanceSiteInput): Promise<PerformanceSite> {
      const workspaceId = caller.workspaceId;
      await vetMonitor(workspaceId, input.monitorId);
      const budgets = (await allowedBudgets(workspaceId, input.budgets)) ?? [];
      await deps.vetUrl(input.url);
      if (!(await entitlements.check(workspaceId, 'performance_sites'))) {
        const summary = await entitlements.planSummary(workspaceId);
        throw siteLimitReached(summary);
      }
      const now = clock.now();
      const row: PerformanceSiteTable = {
        id: uuidv7(),
        workspace_id: workspaceId,
        url: input.url,
        name: input.name ?? new URL(input.url).host,
        device: input.device,
        monitor_id: input.monitorId,
        budgets: JSON.stringify(budgets),
        // The first scheduled run is due at once, so a new site is measured within a poll.
        next_run_at: now,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('performance_sites').values(row).execute();
        await recordAudit(tx, caller, now, {
          action: 'performance_site.create',
          resource: { id: row.id, name: row.name },
        });
      });
      await entitlements.track(workspaceId, 'performance_sites', 1);
      return present(workspaceId, row);
    },

    async update(caller: Caller, id: string, input: SiteUpdate): Promise<PerformanceSite> {
      const workspaceId = caller.workspaceId;
      const current = await getOwnedSiteRow(db, workspaceId, id);
      await vetMonitor(workspaceId, input.monitorId);
      if (input.url !== undefined && input.url !== current.url) await deps.vetUrl(input.url);
      const budgets =
        input.budgets === undefined ? undefined : await allowedBudgets(workspaceId, input.budgets);
      const columns: Partial<PerformanceSiteTable> = { updated_at: clock.now() };
      if (input.url !== undefined) columns.url = input.url;
      if (input.name !== undefined) columns.name = input.name;
      if (input.device !== undefined) columns.device = input.device;
      if (input.monitorId !== undefined) columns.monitor_id = input.monitorId;
      if (budgets !== undefined) columns.budgets = JSON.stringify(budgets);
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('performance_sites')
          .set(columns)
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .execute();
        await recordAudit(tx, caller, columns.updated_at ?? clock.now(), {
          action: 'performance_site.update',
          resource: { id, name: columns.name ?? current.name },
        });
      });
      return present(workspaceId, await getOwnedSiteRow(db, workspaceId, id));
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const workspaceId = caller.workspaceId;
      const site = await getOwnedSiteRow(db, workspaceId, id);
      const deleted = await db.transaction().execute(async (tx) => {
        const { numDeletedRows } = await tx
          .deleteFrom('performance_sites')
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (numDeletedRows === 0n) return false;
        await recordAudit(tx, caller, clock.now(), {
          action: 'performance_site.delete',
          resource: { id, name: site.name },
        });
        return true;
      });
      if (deleted) await entitlements.track(workspaceId, 'performance_sites', -1);
    },

    async listRuns(
      workspaceId: string,
      id: string,
      query: RunListQuery,
    ): Promise<{ runs: PerformanceRun[]; nextCursor: string | null }> {
      await getOwnedSiteRow(db, workspaceId, id);
      return listRuns(db, workspaceId, id, query);
    },

    /** 'Run now': one performance_runs unit, refused when none are left. */
    async runNow(caller: Caller, id: string) {
      const workspaceId = caller.workspaceId;
      const site = await getOwnedSiteRow(db, workspaceId, id);
      if (!(await entitlements.check(workspaceId, 'performance_runs'))) {
        throw runsExhausted(await entitlements.planSummary(workspaceId));
      }
      const now = clock.now();
      const row = await queueRun(deps, site, 'manual', now, (tx) =>
        recordAudit(tx, caller, now, { action: 'performance_site.run', resource: { id, name: site.name } }),
      );
      await entitlements.track(workspaceId, 'performance_runs', 1);
      return row;
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
