// How late checks start (issue 40, item 3): each worker reports its last minute's start lag, the
// time from a check's due time to its start (99th percentile, the presence job's heartbeat), and
// these thresholds say when that is "running late" — on the dashboard, on /internal/metrics and in
// the operator's mail. Two thresholds, so a figure hovering around one line does not flap.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { DEAD_AFTER_MS } from '../regions/presence-job.ts';

/** A start lag this long means checks run late: a 30 s check would run a whole period behind. */
export const LATE_AFTER_MS = 30_000;
/** Back under this, the scheduler has caught up. */
export const CAUGHT_UP_BELOW_MS = 10_000;

/** The worst start lag among live workers, in ms; null while no live worker started a check. */
export async function schedulerLagMs(db: Kysely<Database>, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('workers')
    .select((eb) => eb.fn.max('lag_p99_ms').as('lag'))
    .where('stopped_at', 'is', null)
    .where('last_seen_at', '>=', now - DEAD_AFTER_MS)
    .executeTakeFirst();
  return row?.lag === null || row?.lag === undefined ? null : Number(row.lag);
}

export type LagChange = 'late' | 'caught_up';

/** The late/caught-up state with hysteresis: a change is reported once, when it happens. */
export class LagState {
  late = false;

  /**
   * Feeds the latest figure; answers the change it makes, or null. No figure (no check started in
   * the last minute) changes nothing: a scheduler that stopped starting checks has not caught up.
   */
  update(lagMs: number | null): LagChange | null {
    if (lagMs === null) return null;
    const lag = lagMs;
    if (!this.late && lag >= LATE_AFTER_MS) {
      this.late = true;
      return 'late';
    }
    if (this.late && lag < CAUGHT_UP_BELOW_MS) {
      this.late = false;
      return 'caught_up';
    }
    return null;
  }
}
