// Sends pending alert deliveries outside the check path: its own worker job, a bounded batch,
// a timeout on every send. Each attempt is recorded; an incident's timeline says when its
// alert went out, or that it finally failed.
import type { Kysely } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { addIncidentEvent } from '../incidents/timeline.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { AlertDeliveryTable, AlertKind } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { groupedEvent, groupMembers, releaseStragglers } from './alert-groups.ts';
import { DeliveryError } from './channel.ts';
import { claimDueDeliveries } from './claim-deliveries.ts';
import { type AlertDispatcher, channelLabel, SEND_TIMEOUT_MS } from './dispatch.ts';
import { nextAttemptAt } from './retry-schedule.ts';

export interface DeliveryJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  dispatcher: AlertDispatcher;
  logger: Logger;
  batchSize?: number;
  /** Told of each failed send scheduled again (process metrics). */
  onRetry?(): void;
}

// Outlives the send timeout, so a claim only lapses when its worker died mid-send.
const LEASE_MS = SEND_TIMEOUT_MS * 4;
/** How an incident's timeline names each kind's alert (certificate alerts have no incident). */
const KIND_WORDS: Record<AlertKind, string> = {
  'monitor.down': 'Down',
  'monitor.up': 'Recovered',
  'monitors.down': 'Grouped Down',
  'monitors.up': 'Grouped Recovered',
  'monitor.reminder': 'Still down reminder',
  'monitor.degraded': 'Slow',
  'monitor.speed_recovered': 'Back to normal speed',
  'monitor.region_down': 'Failing from a region',
  'monitor.region_recovered': 'Region recovered',
  'ssl.expiring': 'Certificate expiry',
  'ssl.renewed': 'Certificate renewed',
  'ssl.problem': 'Certificate problem',
  'ssl.problem_cleared': 'Certificate problem resolved',
  'domain.expiring': 'Domain expiry',
  'performance.budget_exceeded': 'Performance budget exceeded',
  'performance.budget_recovered': 'Back within performance budget',
  'incident.escalated': 'Escalation',
  'incident.acknowledged': 'Acknowledgement',
};

interface Outcome {
  label: string;
  error: DeliveryError | null;
}

/** How a grouped alert's timeline entry names the rest of the group. */
function alongside(others: number): string {
  return others === 0 ? '' : ` (one alert with ${others} other monitor${others === 1 ? '' : 's'})`;
}

export function createDeliveryJob({
  db,
  dialect,
  clock,
  dispatcher,
  logger,
  batchSize = 25,
  onRetry,
}: DeliveryJobOptions): WorkerJob {
  const log = logger.child({ module: 'alert-deliveries' });

  async function attempt(row: AlertDeliveryTable, members: readonly AlertDeliveryTable[]): Promise<Outcome> {
    let label = row.channel_id === null ? 'account email' : 'a deleted channel';
    try {
      const channel = await dispatcher.resolve(row.workspace_id, row.channel_id);
      label = channelLabel(channel);
      const own = JSON.parse(row.payload) as AlertEvent;
      const event =
        members.length === 0
          ? own
          : groupedEvent(
              own,
              members.map((member) => JSON.parse(member.payload) as AlertEvent),
            );
      await dispatcher.send(row.workspace_id, channel, event, { test: false, deliveryId: row.id });
      return { label, error: null };
    } catch (err) {
      const error = err instanceof DeliveryError ? err : new DeliveryError(String(err));
      return { label, error };
    }
  }

  async function deliver(row: AlertDeliveryTable): Promise<void> {
    const startedAt = clock.now();
    const members = row.incident_id ? await groupMembers(db, row.id) : [];
    const { label, error } = await attempt(row, members);
    const attempts = row.attempts + 1;
    const retryAt =
      error && !error.permanent ? nextAttemptAt(attempts, row.next_attempt_at ?? startedAt, startedAt) : null;
    const status = !error ? 'sent' : retryAt === null ? 'failed' : 'pending';
    const finishedAt = clock.now();
    const words = KIND_WORDS[row.kind];
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('alert_deliveries')
        .set({
          status,
          attempts,
          last_error: error?.message.slice(0, 1000) ?? null,
          next_attempt_at: retryAt,
          sent_at: error ? null : finishedAt,
          claimed_until: null,
        })
        .where('id', '=', row.id)
        // A claim that lapsed and was taken over is no longer ours to record.
        .where('claimed_until', '=', row.claimed_until)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0 || !row.incident_id || status === 'pending') return;
      if (members.length > 0) {
        await tx
          .updateTable('alert_deliveries')
          .set({
            status,
            attempts,
            last_error: error?.message.slice(0, 1000) ?? null,
            sent_at: error ? null : finishedAt,
          })
          .where(
            'id',
            'in',
            members.map((member) => member.id),
          )
          .execute();
      }
      const group = alongside(members.length);
      const message =
        status === 'sent'
          ? `${words} alert sent to ${label}${group}.`
          : `${words} alert to ${label}${group} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${error?.message}`;
      for (const incidentId of [row.incident_id, ...members.map((member) => member.incident_id)]) {
        if (!incidentId) continue;
        await addIncidentEvent(
          tx,
          incidentId,
          finishedAt,
          status === 'sent' ? 'alert_sent' : 'alert_failed',
          message,
        );
      }
    });
    if (status !== 'pending' && row.incident_id) await releaseStragglers(db, row.id, finishedAt);
    if (status === 'pending') onRetry?.();
    if (error) log.warn({ delivery: row.id, attempts, status, err: error.message }, 'alert delivery failed');
  }

  return {
    name: 'alert-deliveries',
    async run() {
      const claimed = await claimDueDeliveries(db, dialect, {
        now: clock.now(),
        limit: batchSize,
        leaseMs: LEASE_MS,
      });
      await Promise.all(
        claimed.map((row) =>
          deliver(row).catch((err: unknown) =>
            log.error({ err, delivery: row.id }, 'recording a delivery failed'),
          ),
        ),
      );
      return claimed.length === batchSize;
    },
  };
}
