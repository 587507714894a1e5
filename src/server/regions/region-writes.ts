// A batch of multi-region runs written in a few statements (values-update.ts), not one UPDATE
// per run and per monitor: at three regions of 10,000 monitors a minute that was most of a
// worker's time.
import { type Kysely, sql } from 'kysely';
import { BATCH_CASTS } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { updateFromValues } from '../db/values-update.ts';
import type { MonitorRegionTable } from '../db/worker-schema.ts';

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
      columns: [
        'status',
        'confirming_since',
        'last_checked_at',
        'latency_ms',
        'failure_code',
        'failure_message',
        'next_run_at',
      ],
      casts: BATCH_CASTS,
      assign: { claimed_until: sql`null`, claimed_by: sql`null` },
      where: sql`monitor_regions.claimed_by = ${workerId}`,
      maxChunk: 256,
    },
    runs.map((r) => [
      r.monitor_id,
      r.region,
      r.status,
      r.confirming_since,
      r.last_checked_at,
      r.latency_ms,
      r.failure_code,
      r.failure_message,
      r.next_run_at,
    ]),
  );
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
  await updateFromValues(
    tx,
    {
      table: 'monitors',
      keys: ['id'],
      columns: [
        'status',
        'streak',
        'last_status_change_at',
        'last_checked_at',
        'last_latency_ms',
        'next_run_at',
        'failing_regions',
      ],
      casts: BATCH_CASTS,
      // check_reason: a run brought forward (a deployment) is marked on the results of the runs
      // claimed with it, then cleared.
      assign: { check_reason: sql`null` },
      where: sql`monitors.paused = 0`,
      maxChunk: 256,
    },
    states.map((m) => [
      m.id,
      m.status,
      m.streak,
      m.lastStatusChangeAt,
      m.lastCheckedAt,
      m.lastLatencyMs,
      m.nextRunAt,
      m.failingRegions,
    ]),
  );
}
