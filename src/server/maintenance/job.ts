// The maintenance job: each second it takes the windows whose next transition (an occurrence
// starting or ending) has come, from one partial index, and moves each in its own transaction.
// Every worker process runs it; a window's row is updated only if its transition is still the
// one read, so two workers never apply the same one twice.
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { MaintenanceWindowTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import { announceStart } from '../status-pages/subscribers/notices.ts';
import { advance, refreshCoverage } from './transitions.ts';

const BATCH = 100;

/** The per-poll statement: windows due by `now`, soonest first (job-query-plans.test.ts). */
export function dueWindowsQuery(db: Kysely<Database>, now: number, limit = BATCH) {
  return db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where('next_transition_at', '<=', now)
    .orderBy('next_transition_at')
    .limit(limit);
}

async function transition(db: Kysely<Database>, row: MaintenanceWindowTable, now: number): Promise<void> {
  const timing = advance(row, now);
  await db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('maintenance_windows')
      .set(timing)
      .where('id', '=', row.id)
      .where('next_transition_at', '=', row.next_transition_at)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    await refreshCoverage(tx, { ...row, ...timing }, now);
    await announceStart(tx, row, row, timing, now);
  });
}

/** Moves every window due at `now`; returns how many were due. */
export async function runDueTransitions(db: Kysely<Database>, now: number): Promise<number> {
  let moved = 0;
  for (;;) {
    const due = await dueWindowsQuery(db, now).execute();
    for (const row of due) await transition(db, row, now);
    moved += due.length;
    if (due.length < BATCH) return moved;
  }
}

/** Once a second on the injected clock: windows are set to the minute, a second late is on time. */
export function maintenanceJob(db: Kysely<Database>, clock: Clock): WorkerJob {
  return periodicJob('maintenance', clock, 1000, () => runDueTransitions(db, clock.now()));
}
