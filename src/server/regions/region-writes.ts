// A batch of multi-region runs written in a few statements (power-of-two chunks of rows in a
// VALUES list), not one UPDATE per run and per monitor: at three regions of 10,000 monitors a
// minute that was most of a worker's time. The casts type PostgreSQL's untyped VALUES.
import { type Kysely, sql } from 'kysely';
import { powerOfTwoChunks } from '../db/chunks.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorRegionTable } from '../db/worker-schema.ts';

/** Each run's new state in its region; its claim released. Only runs this worker still holds change. */
export async function updateRegionRuns(
  tx: Kysely<Database>,
  workerId: string,
  runs: readonly MonitorRegionTable[],
): Promise<void> {
  for (const chunk of powerOfTwoChunks(runs, 256)) {
    const rows = chunk.map(
      (r) =>
        sql`(${r.monitor_id}, ${r.region}, ${r.status}, ${r.confirming_since}, ${r.last_checked_at}, ${r.latency_ms}, ${r.failure_code}, ${r.failure_message}, ${r.next_run_at})`,
    );
    await sql`
      with v(monitor_id, region, status, confirming_since, last_checked_at, latency_ms, failure_code, failure_message, next_run_at)
        as (values ${sql.join(rows)})
      update monitor_regions set
        status = v.status,
        confirming_since = cast(v.confirming_since as bigint),
        last_checked_at = cast(v.last_checked_at as bigint),
        latency_ms = cast(v.latency_ms as integer),
        failure_code = v.failure_code,
        failure_message = v.failure_message,
        next_run_at = cast(v.next_run_at as bigint),
        claimed_until = null,
        claimed_by = null
      from v
      where monitor_regions.monitor_id = v.monitor_id and monitor_regions.region = v.region
        and monitor_regions.claimed_by = ${workerId}
    `.execute(tx);
  }
}

export interface RegionalMonitorState {
  id: string;
  status: string;
  streak: number;
  lastStatusChangeAt: number | null;
  lastCheckedAt: number;
  lastLatencyMs: number | null;
  nextRunAt: number;
  failingRegions: string | null;
}

/** Each monitor's verdict; a monitor paused meanwhile keeps what pausing wrote. */
export async function updateRegionalMonitors(
  tx: Kysely<Database>,
  states: readonly RegionalMonitorState[],
): Promise<void> {
  for (const chunk of powerOfTwoChunks(states, 256)) {
    const rows = chunk.map(
      (m) =>
        sql`(${m.id}, ${m.status}, ${m.streak}, ${m.lastStatusChangeAt}, ${m.lastCheckedAt}, ${m.lastLatencyMs}, ${m.nextRunAt}, ${m.failingRegions})`,
    );
    // check_reason: a run brought forward (a deployment) is marked on the results of the runs
    // claimed with it, then cleared.
    await sql`
      with v(id, status, streak, last_status_change_at, last_checked_at, last_latency_ms, next_run_at, failing_regions)
        as (values ${sql.join(rows)})
      update monitors set
        status = v.status,
        streak = cast(v.streak as integer),
        last_status_change_at = cast(v.last_status_change_at as bigint),
        last_checked_at = cast(v.last_checked_at as bigint),
        last_latency_ms = cast(v.last_latency_ms as integer),
        next_run_at = cast(v.next_run_at as bigint),
        failing_regions = v.failing_regions,
        check_reason = null
      from v
      where monitors.id = v.id and monitors.paused = 0
    `.execute(tx);
  }
}
