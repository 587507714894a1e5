// Stores a monitor's history through the scheduler's own path (raw rows, rollups, status changes),
// one result after another as checks would leave it: each result is judged against the state the
// one before left, and a failed sample is an outage confirmed at once, so the history's time up
// and down is each sample's status until the next sample.
import type { Kysely } from 'kysely';
import type { Dialect } from '../platform/db/connect.ts';
import type { CheckStatus, Database, MonitorStatus, MonitorTable } from '../platform/db/schema.ts';
import { recordResults } from '../recording/record.ts';
import type { FinishedCheck } from '../results/finished-check.ts';

export interface Sample {
  checkedAt: number;
  status: CheckStatus;
  totalMs: number;
}

/** Results judged in one batch each hold their own monitor state; this many go per batch. */
const BATCH = 500;

export async function recordSamples(
  db: Kysely<Database>,
  dialect: Dialect,
  monitorId: string,
  samples: readonly Sample[],
): Promise<void> {
  const stored = await db
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', monitorId)
    .executeTakeFirstOrThrow();
  let status: MonitorStatus = stored.status === 'pending' ? 'up' : stored.status;
  let lastCheckedAt = stored.last_checked_at;
  let lastStatusChangeAt = stored.last_status_change_at;
  for (let start = 0; start < samples.length; start += BATCH) {
    await db.updateTable('monitors').set({ claimed_by: 'w1' }).where('id', '=', monitorId).execute();
    const batch: FinishedCheck[] = [];
    for (const sample of samples.slice(start, start + BATCH)) {
      const monitor: MonitorTable = {
        ...stored,
        status,
        last_checked_at: lastCheckedAt,
        last_status_change_at: lastStatusChangeAt,
        // A failure after a success is its own re-check: confirmed by this very result.
        confirming_since: sample.status === 'down' && status !== 'down' ? sample.checkedAt : null,
      };
      batch.push({
        monitor,
        outcome: {
          checkedAt: sample.checkedAt,
          region: 'local',
          status: sample.status,
          statusCode: sample.status === 'down' ? 503 : 200,
          timings: { totalMs: sample.totalMs },
          responseBytes: 100,
          failure:
            sample.status === 'down'
              ? { code: 'status_mismatch', message: 'Expected 200-399, got 503' }
              : null,
        },
      });
      if (sample.status !== status) lastStatusChangeAt = sample.checkedAt;
      status = sample.status;
      lastCheckedAt = sample.checkedAt;
    }
    await recordResults(db, dialect, 'w1', batch, 15_000);
    // A batch's results of one monitor each write its state; the last sample's is the one kept.
    await db
      .updateTable('monitors')
      .set({ status, last_checked_at: lastCheckedAt, last_status_change_at: lastStatusChangeAt })
      .where('id', '=', monitorId)
      .execute();
  }
}

/**
 * What the figures should read over [from, to): each sample's status stands for the time until
 * the next sample, and the last one's until `now` (the monitor still has that status).
 */
export function expectedTime(samples: readonly Sample[], from: number, to: number, now = to) {
  let upMs = 0;
  let downMs = 0;
  for (let i = 0; i < samples.length; i++) {
    const previous = samples[i] as Sample;
    const start = Math.max(from, previous.checkedAt);
    const end = Math.min(to, samples[i + 1]?.checkedAt ?? now);
    if (end <= start) continue;
    if (previous.status === 'down') downMs += end - start;
    else upMs += end - start;
  }
  return { upMs, downMs, uptimePercent: upMs + downMs === 0 ? null : (upMs / (upMs + downMs)) * 100 };
}

/** Removes what a seeded history's outages opened: their automatic incidents and alerts. */
export async function clearAutomaticIncidents(db: Kysely<Database>, monitorId: string): Promise<void> {
  await db.deleteFrom('alert_deliveries').where('monitor_id', '=', monitorId).execute();
  await db
    .deleteFrom('incidents')
    .where('primary_monitor_id', '=', monitorId)
    .where('source', '=', 'automatic')
    .execute();
}
