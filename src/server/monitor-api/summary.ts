// The dashboard tiles' figures: counting queries over the owner's monitors and incidents,
// whatever the number of monitors (served by the owner's indexes), and the workers' start lag.
import type { Kysely } from 'kysely';
import type { MonitorSummary } from '../../core/api/monitor-summary.ts';
import { staleWhere } from '../monitors/staleness.ts';
import type { Database } from '../platform/db/schema.ts';
import { LATE_AFTER_MS, schedulerLagMs } from '../scheduler/lag.ts';

export async function monitorSummary(
  db: Kysely<Database>,
  workspaceId: string,
  now: number,
): Promise<MonitorSummary> {
  const owned = () => db.selectFrom('monitors').where('workspace_id', '=', workspaceId);
  const [statuses, stale, incidents, lagMs] = await Promise.all([
    owned()
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute(),
    // Stale monitors counted by their stored status, so they move from it to `stale`.
    owned()
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where(staleWhere(now))
      .groupBy('status')
      .execute(),
    db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('workspace_id', '=', workspaceId)
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow(),
    schedulerLagMs(db, now),
  ]);
  const byStatus: MonitorSummary['byStatus'] = {
    up: 0,
    degraded: 0,
    down: 0,
    paused: 0,
    pending: 0,
    stale: 0,
  };
  let total = 0;
  for (const row of statuses) {
    const count = Number(row.count);
    total += count;
    byStatus[row.status] += count;
  }
  for (const row of stale) {
    const count = Number(row.count);
    byStatus[row.status] -= count;
    byStatus.stale += count;
  }
  return {
    total,
    byStatus,
    openIncidents: Number(incidents.count),
    scheduler: { lagMs, late: lagMs !== null && lagMs >= LATE_AFTER_MS },
  };
}
