// Every monitor write: authorise (owner scope) -> validate -> transaction -> plan limit -> write.
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AuditAction } from '../../core/api/audit.ts';
import {
  KIND_FIELDS,
  type Monitor,
  type MonitorInput,
  type MonitorUpdate,
  monitorInputSchemas,
} from '../../core/api/monitors.ts';
import { NEVER } from '../../core/heartbeat-schedule.ts';
import { recordAudit } from '../audit/record.ts';
import { syncMonitorDomain } from '../domains/sync.ts';
import { joinRunningWindows } from '../maintenance/transitions.ts';
import { kindOf, monitorKinds } from '../monitors/kinds/registry.ts';
import { getOwnedMonitorRow, initialMonitorState, toMonitor } from '../monitors/repository.ts';
import type { TargetVetter } from '../monitors/vet-url.ts';
import type { MonitorAllowance, UserPlanSource } from '../plans/user-plan.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { syncMonitorRegions } from '../regions/assignment.ts';

export interface MonitorServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  plans: UserPlanSource;
  /** Refuses targets whose host is private (SSRF guard); throws an ApiError. */
  vet: TargetVetter;
  /** UPWATCH_TEST_MODE: second-level intervals for tests. */
  testMode: boolean;
  /** PUBLIC_URL: the origin of the addresses monitors answer (a heartbeat's ping URL). */
  publicUrl: string;
}

/** A monitor ready to write: `write` runs inside the caller's transaction. */
export interface PreparedMonitor {
  id: string;
  write(tx: Transaction<Database>): Promise<void>;
}

/** Without a choice, check every 5 minutes, or the plan's minimum when that is longer. */
const DEFAULT_INTERVAL_MINUTES = 5;

function intervalSeconds(
  input: Pick<MonitorUpdate, 'intervalMinutes' | 'intervalSeconds'>,
  allowance: MonitorAllowance,
  testMode: boolean,
): number | undefined {
  // Whole minutes in seconds (300) are minutes, under the plan's minimum; other seconds need test mode.
  if (input.intervalSeconds !== undefined) {
    if (testMode) return input.intervalSeconds;
    if (input.intervalSeconds % 60 !== 0) {
      throw new ApiError(
        400,
        'interval_seconds_test_mode_only',
        `intervalSeconds must be a whole number of minutes (a multiple of 60, e.g. 300 for 5 minutes); ${input.intervalSeconds} is not. Seconds are only available in test mode.`,
      );
    }
    return intervalSeconds({ intervalMinutes: input.intervalSeconds / 60 }, allowance, testMode);
  }
  if (input.intervalMinutes === undefined) return undefined;
  const minimum = allowance.minIntervalMinutes;
  if (input.intervalMinutes < minimum) {
    throw new ApiError(
      403,
      'interval_below_plan_minimum',
      `The ${allowance.plan.displayName} plan checks at most every ${minimum} minutes. Choose ${minimum} minutes or more, or upgrade for faster checks.`,
    );
  }
  return input.intervalMinutes * 60;
}

type AnyKind = ReturnType<typeof kindOf>;

/** A kind whose own fields decide how often it is due (a heartbeat's period) meets the plan's minimum too. */
function checkOwnSchedule(
  kind: AnyKind,
  input: MonitorInput,
  allowance: MonitorAllowance,
  now: number,
): void {
  const every = kind.everySeconds?.(input, now);
  const minimum = allowance.minIntervalMinutes;
  if (every === undefined || every >= minimum * 60) return;
  throw new ApiError(
    403,
    'interval_below_plan_minimum',
    `The ${allowance.plan.displayName} plan checks at most every ${minimum} minutes, and this schedule expects a ping every ${Math.round(every)} seconds. Choose ${minimum} minutes or more, or upgrade for faster checks.`,
  );
}

/** The columns every kind shares; the kind's own fields go through its definition. */
function commonColumns(input: MonitorUpdate): Partial<MonitorTable> {
  const columns: Partial<MonitorTable> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.timeoutSeconds !== undefined) columns.timeout_ms = input.timeoutSeconds * 1000;
  if (input.degradedAboveMs !== undefined) columns.degraded_above_ms = input.degradedAboveMs;
  if (input.public !== undefined) columns.is_public = input.public ? 1 : 0;
  return columns;
}

function validationFailed(message: string): ApiError {
  return new ApiError(422, 'validation_failed', message);
}

/**
 * An update's kind fields merged over the monitor's own and validated as a whole by the kind's
 * schema (a port alone, a record type alone…). A field of another kind is refused by name.
 */
function kindUpdate(
  current: MonitorTable,
  input: MonitorUpdate,
  view: { publicUrl: string; now: number },
): MonitorInput | null {
  const own = new Set<string>(KIND_FIELDS[current.kind]);
  const given = Object.entries(input).filter(([, value]) => value !== undefined);
  const foreign = given.find(
    ([key]) =>
      !own.has(key) && Object.values(KIND_FIELDS).some((fields) => (fields as string[]).includes(key)),
  );
  if (foreign) {
    throw validationFailed(`${foreign[0]}: ${current.kind} monitors have no ${foreign[0]} field.`);
  }
  const changes = Object.fromEntries(given.filter(([key]) => own.has(key)));
  if (Object.keys(changes).length === 0) return null;
  const merged = { ...kindOf(current).answer(current, view), ...changes, name: current.name };
  const parsed = monitorInputSchemas[current.kind].safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationFailed(`${issue?.path.join('.') ?? current.kind}: ${issue?.message ?? 'Invalid input.'}`);
  }
  return parsed.data;
}

/** A resumed monitor is checked at once; one whose results are pushed waits for its next push. */
function pausedColumns(paused: boolean, now: number, kind: AnyKind): Partial<MonitorTable> {
  return paused
    ? { paused: 1, status: 'paused', streak: 0, confirming_since: null, last_status_change_at: now }
    : {
        paused: 0,
        status: 'pending',
        streak: 0,
        next_run_at: kind.nextRunAt ? NEVER : now,
        last_status_change_at: now,
      };
}

export function createMonitorService(deps: MonitorServiceDeps) {
  const { db, clock } = deps;
  const view = () => ({ publicUrl: deps.publicUrl, now: clock.now() });

  async function write(
    caller: Caller,
    action: AuditAction,
    id: string,
    columns: Partial<MonitorTable>,
    alsoInTransaction?: (tx: Kysely<Database>) => Promise<unknown>,
  ): Promise<Monitor> {
    const workspaceId = caller.workspaceId;
    const current = await getOwnedMonitorRow(db, workspaceId, id);
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('monitors')
        .set({ ...columns, updated_at: now })
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .execute();
      // Pausing ends an outage on the monitor's record, and resuming starts it afresh.
      if (columns.status && columns.status !== current.status) {
        await tx
          .insertInto('monitor_status_changes')
          .values({
            id: uuidv7(),
            monitor_id: id,
            at: now,
            from_status: current.status,
            to_status: columns.status,
          })
          .execute();
      }
      await alsoInTransaction?.(tx);
      // Only pause and the schedule reach the region runs (regions have their own route).
      if ('paused' in columns || 'next_run_at' in columns) await syncMonitorRegions(tx, id, now);
      await recordAudit(tx, caller, now, { action, resource: { id, name: columns.name ?? current.name } });
    });
    return toMonitor(await getOwnedMonitorRow(db, workspaceId, id), view());
  }

  /**
   * A new monitor checked against the plan and vetted, ready to be written in a transaction the
   * caller owns: one monitor here, many at once for an import (all or nothing).
   */
  async function prepareCreate(caller: Caller, input: MonitorInput): Promise<PreparedMonitor> {
    const workspaceId = caller.workspaceId;
    const allowance = await deps.plans.allowanceFor(workspaceId);
    const seconds =
      intervalSeconds(input, allowance, deps.testMode) ??
      Math.max(DEFAULT_INTERVAL_MINUTES, allowance.minIntervalMinutes) * 60;
    const kind = monitorKinds[input.kind] as AnyKind;
    const now = clock.now();
    checkOwnSchedule(kind, input, allowance, now);
    await kind.vet(input, deps.vet);
    const id = uuidv7();
    // The common columns and the kind's columns of a complete MonitorInput make a whole row.
    const row = {
      id,
      workspace_id: workspaceId,
      kind: input.kind,
      interval_seconds: seconds,
      ...initialMonitorState(now),
      ...commonColumns(input),
      ...kind.columns(input),
      ...(input.paused ? pausedColumns(true, now, kind) : {}),
    } as MonitorTable;
    if (kind.nextRunAt) row.next_run_at = kind.nextRunAt(row, now);
    return {
      id,
      async write(tx) {
        await deps.plans.takeMonitor(tx, workspaceId, allowance);
        await tx.insertInto('monitors').values(row).execute();
        await syncMonitorDomain(tx, id, kind.watchedHost(input), input.domainExpiry);
        await joinRunningWindows(tx, workspaceId, id, now);
        await syncMonitorRegions(tx, id, now);
        await recordAudit(tx, caller, now, { action: 'monitor.create', resource: { id, name: row.name } });
      },
    };
  }

  /** After prepared monitors' transaction committed: a hosted billing provider counts them. */
  async function created(workspaceId: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) await deps.plans.committed(workspaceId, 1);
  }

  return {
    prepareCreate,
    created,

    async get(workspaceId: string, id: string): Promise<Monitor> {
      return toMonitor(await getOwnedMonitorRow(db, workspaceId, id), view());
    },

    async create(caller: Caller, input: MonitorInput): Promise<Monitor> {
      const prepared = await prepareCreate(caller, input);
      await db.transaction().execute((tx) => prepared.write(tx));
      await created(caller.workspaceId, 1);
      return toMonitor(await getOwnedMonitorRow(db, caller.workspaceId, prepared.id), view());
    },

    async update(caller: Caller, id: string, input: MonitorUpdate): Promise<Monitor> {
      const workspaceId = caller.workspaceId;
      const current = await getOwnedMonitorRow(db, workspaceId, id);
      const allowance = await deps.plans.allowanceFor(workspaceId);
      const kind = kindOf(current);
      const seconds = intervalSeconds(input, allowance, deps.testMode);
      if (seconds !== undefined && kind.nextRunAt) {
        throw validationFailed(
          `interval: ${current.kind} monitors are due by their own schedule, not an interval.`,
        );
      }
      const kindInput = kindUpdate(current, input, view());
      const columns = commonColumns(input);
      const now = clock.now();
      if (kindInput) {
        checkOwnSchedule(kind, kindInput, allowance, now);
        const kindColumns = kind.columns(kindInput, current);
        if (kindColumns.url !== current.url) await kind.vet(kindInput, deps.vet);
        Object.assign(columns, kindColumns);
        // A new schedule moves the deadline of a monitor that is watching for pushes.
        if (kind.nextRunAt && current.next_run_at < NEVER) {
          columns.next_run_at = kind.nextRunAt({ ...current, ...kindColumns }, now);
        }
      }
      const watched = kind.watchedHost(kindInput ?? (kind.answer(current, view()) as MonitorInput));
      const watchDomain = (tx: Kysely<Database>) =>
        syncMonitorDomain(tx, id, watched, input.domainExpiry ?? current.domain_expiry === 1);
      if (seconds !== undefined) {
        columns.interval_seconds = seconds;
        columns.interval_raised_from_seconds = null;
        // A shorter interval takes effect now, not after the old, longer wait.
        columns.next_run_at = Math.min(current.next_run_at, now + seconds * 1000);
      }
      if (input.paused !== undefined && input.paused !== (current.paused === 1)) {
        Object.assign(columns, pausedColumns(input.paused, now, kind));
      }
      return write(caller, 'monitor.update', id, columns, watchDomain);
    },

    async pause(caller: Caller, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, caller.workspaceId, id);
      if (current.paused === 1) return toMonitor(current, view());
      return write(caller, 'monitor.pause', id, pausedColumns(true, clock.now(), kindOf(current)));
    },

    async resume(caller: Caller, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, caller.workspaceId, id);
      if (current.paused === 0) return toMonitor(current, view());
      return write(caller, 'monitor.resume', id, pausedColumns(false, clock.now(), kindOf(current)));
    },

    /** Makes the monitor due now; a worker picks it up on its next poll. */
    async checkNow(caller: Caller, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, caller.workspaceId, id);
      if (current.paused === 1) {
        throw new ApiError(409, 'monitor_paused', 'This monitor is paused. Resume it to check it.');
      }
      if (kindOf(current).nextRunAt) {
        throw new ApiError(
          409,
          'monitor_pushed',
          `A ${current.kind} monitor is judged by its pings; it has nothing to check now.`,
        );
      }
      return write(caller, 'monitor.check', id, { next_run_at: clock.now() });
    },

    /** Deletes the monitor with its results and rollups (cascade). */
    async delete(caller: Caller, id: string): Promise<void> {
      const workspaceId = caller.workspaceId;
      const current = await getOwnedMonitorRow(db, workspaceId, id);
      const deleted = await db.transaction().execute(async (tx) => {
        const result = await tx
          .deleteFrom('monitors')
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await deps.plans.returnMonitor(tx, workspaceId);
        await recordAudit(tx, caller, clock.now(), {
          action: 'monitor.delete',
          resource: { id, name: current.name },
        });
        return true;
      });
      if (deleted) await deps.plans.committed(workspaceId, -1);
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
