// Every monitor write: authorise (owner scope) -> validate -> transaction -> plan limit -> write.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Monitor, MonitorInput, MonitorUpdate } from '../../core/api/monitors.ts';
import { expectStatus } from '../../core/status-codes.ts';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database, MonitorTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { MonitorAllowance, UserPlanSource } from '../plans/user-plan.ts';
import { getOwnedMonitorRow, initialMonitorState, toMonitor } from './repository.ts';

export interface MonitorServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  plans: UserPlanSource;
  /** Refuses URLs whose host is private (SSRF guard); throws an ApiError. */
  vetUrl(url: string): Promise<void>;
  /** UPWATCH_TEST_MODE: second-level intervals for tests. */
  testMode: boolean;
}

/** Without a choice, check every 5 minutes, or the plan's minimum when that is longer. */
const DEFAULT_INTERVAL_MINUTES = 5;

function intervalSeconds(
  input: Pick<MonitorUpdate, 'intervalMinutes' | 'intervalSeconds'>,
  allowance: MonitorAllowance,
  testMode: boolean,
): number | undefined {
  if (input.intervalSeconds !== undefined) {
    if (!testMode) {
      throw new ApiError(
        400,
        'interval_seconds_test_mode_only',
        'Intervals in seconds are only available in test mode.',
      );
    }
    return input.intervalSeconds;
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

function columnsFrom(input: MonitorUpdate): Partial<MonitorTable> {
  const columns: Partial<MonitorTable> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.url !== undefined) columns.url = input.url;
  if (input.method !== undefined) columns.method = input.method;
  if (input.headers !== undefined) columns.headers = JSON.stringify(input.headers);
  if (input.body !== undefined) columns.body = input.body;
  if (input.expectedStatus !== undefined)
    columns.expected_status = expectStatus(input.expectedStatus).canonical;
  if (input.keyword !== undefined) {
    columns.keyword = input.keyword?.value ?? null;
    columns.keyword_mode = input.keyword?.mode ?? null;
  }
  if (input.timeoutSeconds !== undefined) columns.timeout_ms = input.timeoutSeconds * 1000;
  if (input.followRedirects !== undefined) columns.follow_redirects = input.followRedirects ? 1 : 0;
  if (input.ignoreTlsErrors !== undefined) columns.ignore_tls_errors = input.ignoreTlsErrors ? 1 : 0;
  if (input.degradedAboveMs !== undefined) columns.degraded_above_ms = input.degradedAboveMs;
  if (input.public !== undefined) columns.is_public = input.public ? 1 : 0;
  return columns;
}

function pausedColumns(paused: boolean, now: number): Partial<MonitorTable> {
  return paused
    ? { paused: 1, status: 'paused', streak: 0, confirming_since: null, last_status_change_at: now }
    : { paused: 0, status: 'pending', streak: 0, next_run_at: now, last_status_change_at: now };
}

export function createMonitorService(deps: MonitorServiceDeps) {
  const { db, clock } = deps;

  async function write(userId: string, id: string, columns: Partial<MonitorTable>): Promise<Monitor> {
    const current = await getOwnedMonitorRow(db, userId, id);
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('monitors')
        .set({ ...columns, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
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
    });
    return toMonitor(await getOwnedMonitorRow(db, userId, id));
  }

  return {
    async get(userId: string, id: string): Promise<Monitor> {
      return toMonitor(await getOwnedMonitorRow(db, userId, id));
    },

    async create(userId: string, input: MonitorInput): Promise<Monitor> {
      const allowance = await deps.plans.allowanceFor(userId);
      const seconds =
        intervalSeconds(input, allowance, deps.testMode) ??
        Math.max(DEFAULT_INTERVAL_MINUTES, allowance.minIntervalMinutes) * 60;
      await deps.vetUrl(input.url);
      const now = clock.now();
      const id = uuidv7();
      // columnsFrom maps every field of a complete MonitorInput, so the row is whole.
      const row = {
        id,
        user_id: userId,
        interval_seconds: seconds,
        ...initialMonitorState(now),
        ...columnsFrom(input),
        ...(input.paused ? pausedColumns(true, now) : {}),
      } as MonitorTable;
      await db.transaction().execute(async (tx) => {
        await deps.plans.takeMonitor(tx, userId, allowance);
        await tx.insertInto('monitors').values(row).execute();
      });
      await deps.plans.committed(userId, 1);
      return toMonitor(await getOwnedMonitorRow(db, userId, id));
    },

    async update(userId: string, id: string, input: MonitorUpdate): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, userId, id);
      const seconds = intervalSeconds(input, await deps.plans.allowanceFor(userId), deps.testMode);
      if (input.url !== undefined && input.url !== current.url) await deps.vetUrl(input.url);
      const now = clock.now();
      const columns = columnsFrom(input);
      if (seconds !== undefined) {
        columns.interval_seconds = seconds;
        columns.interval_raised_from_seconds = null;
        // A shorter interval takes effect now, not after the old, longer wait.
        columns.next_run_at = Math.min(current.next_run_at, now + seconds * 1000);
      }
      if (input.paused !== undefined && input.paused !== (current.paused === 1)) {
        Object.assign(columns, pausedColumns(input.paused, now));
      }
      return write(userId, id, columns);
    },

    async pause(userId: string, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, userId, id);
      if (current.paused === 1) return toMonitor(current);
      return write(userId, id, pausedColumns(true, clock.now()));
    },

    async resume(userId: string, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, userId, id);
      if (current.paused === 0) return toMonitor(current);
      return write(userId, id, pausedColumns(false, clock.now()));
    },

    /** Makes the monitor due now; a worker picks it up on its next poll. */
    async checkNow(userId: string, id: string): Promise<Monitor> {
      const current = await getOwnedMonitorRow(db, userId, id);
      if (current.paused === 1) {
        throw new ApiError(409, 'monitor_paused', 'This monitor is paused. Resume it to check it.');
      }
      return write(userId, id, { next_run_at: clock.now() });
    },

    /** Deletes the monitor with its results and rollups (cascade). */
    async delete(userId: string, id: string): Promise<void> {
      await getOwnedMonitorRow(db, userId, id);
      const deleted = await db.transaction().execute(async (tx) => {
        const result = await tx
          .deleteFrom('monitors')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await deps.plans.returnMonitor(tx, userId);
        return true;
      });
      if (deleted) await deps.plans.committed(userId, -1);
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
