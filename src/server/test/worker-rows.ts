// A worker of a region reporting in, as its presence job does every five seconds: what makes a
// region live for the quorum and for the regions a monitor may choose.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

export async function reportWorker(db: Kysely<Database>, region: string, now: number): Promise<void> {
  await db
    .insertInto('workers')
    .values({
      id: `worker-${region}`,
      region,
      host: 'test',
      pid: 1,
      started_at: now,
      last_seen_at: now,
      stopped_at: null,
      checks_per_minute: 0,
      lag_p99_ms: null,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ last_seen_at: now }))
    .execute();
}
