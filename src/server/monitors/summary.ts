// The dashboard tiles' figures: two counting queries over the owner's monitors and incidents,
// whatever the number of monitors (both served by the owner's indexes).
import type { Kysely } from 'kysely';
import type { MonitorSummary } from '../../core/api/monitor-summary.ts';
import type { Database } from '../db/schema.ts';

export async function monitorSummary(db: Kysely<Database>, userId: string): Promise<MonitorSummary> {
  const [statuses, incidents] = await Promise.all([
    db
      .selectFrom('monitors')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const byStatus: MonitorSummary['byStatus'] = { up: 0, degraded: 0, down: 0, paused: 0, pending: 0 };
  let total = 0;
  for (const row of statuses) {
    const count = Number(row.count);
    total += count;
    byStatus[row.status] += count;
  }
  return { total, byStatus, openIncidents: Number(incidents.count) };
}
