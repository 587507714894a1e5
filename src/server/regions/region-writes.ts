// A batch of multi-region runs written in a few statements (values-update.ts), not one UPDATE
// per run and per monitor: at three regions of 10,000 monitors a minute that was most of a
// worker's time.
import { type Kysely, sql } from 'kysely';
import { BATCH_CASTS, type MonitorState, monitorStateValues } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import { updateFromValues } from '../platform/db/values-update.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';

/** Each run's new state in its region; its claim released. Only runs this worker still holds change. */
export async function updateRegionRuns(
  tx: Kysely<Database>,
  workerId: string,
  runs: readonly MonitorRegionTable[],
): Promise<void> {
  await updateFromValues(
    tx,
    {
      table: 'monitor_regions',
      keys: ['monitor_id', 'region'],
      casts: BATCH_CASTS,
      assign: { claimed_until: sql`null`, claimed_by: sql`null` },
      where: sql`monitor_regions.claimed_by = ${workerId}`,
      maxChunk: 256,
    },
    runs.map((r) => ({
      monitor_id: r.monitor_id,
      region: r.region,
      status: r.status,
      confirming_since: r.confirming_since,
      last_checked_at: r.last_checked_at,
      latency_ms: r.latency_ms,
      failure_code: r.failure_code,
      failure_message: r.failure_message,
      next_run_at: r.next_run_at,
    })),
  );
}

export interface RegionalMonitorState extends MonitorState {
  failingRegions: string | null;
}

/** Each monitor's verdict; a monitor paused meanwhile keeps what pausing wrote. */
export async function updateRegionalMonitors(
  tx: Kysely<Database>,
  states: readonly RegionalMonitorState[],
): Promise<void> {
  await updateFromValues(
    tx,
    {
      table: 'monitors',
      keys: ['id'],
      casts: BATCH_CASTS,
      // check_reason: a run brought forward (a deployment) is marked on the results of the runs
      // claimed with it, then cleared.
      assign: { check_reason: sql`null` },
      where: sql`monitors.paused = 0`,
      maxChunk: 256,
    },
    states.map((m) => ({ ...monitorStateValues(m), failing_regions: m.failingRegions })),
  );
}
