// Sends pending alert deliveries outside the check path: its own worker job, a bounded batch,
// a timeout on every send. Each attempt is recorded; an incident's timeline says when its
// alert went out, or that it finally failed.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import type { AlertDeliveryTable, AlertKind } from '../db/incident-schema.ts';
import type { Database } from '../db/schema.ts';
import { addIncidentEvent } from '../incidents/lifecycle.ts';
import type { Logger } from '../logger.ts';
import type { WorkerJob } from '../scheduler/worker.ts';
import type { AlertEvent } from './alert-event.ts';
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
}

// Outlives the send timeout, so a claim only lapses when its worker died mid-send.
const LEASE_MS = SEND_TIMEOUT_MS * 4;
/** How an incident's timeline names each kind's alert (certificate alerts have no incident). */
const KIND_WORDS: Record<AlertKind, string> = {
  'monitor.down': 'Down',
  'monitor.up': 'Recovered',
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

export function createDeliveryJob({
  db,
  dialect,
  clock,
  dispatcher,
  logger,
  batchSize = 25,
}: DeliveryJobOptions): WorkerJob {
  const log = logger.child({ module: 'alert-deliveries' });

  async function attempt(row: AlertDeliveryTable): Promise<Outcome> {
    let label = row.channel_id === null ? 'account email' : 'a deleted channel';
    try {
      const channel = await dispatcher.resolve(row.user_id, row.channel_id);
      label = channelLabel(channel);
      const event = JSON.parse(row.payload) as AlertEvent;
      await dispatcher.send(row.user_id, channel, event, { test: false, deliveryId: row.id });
      return { label, error: null };
    } catch (err) {
      const error = err instanceof DeliveryError ? err : new DeliveryError(String(err));
      return { label, error };
    }
  }

  async function deliver(row: AlertDeliveryTable): Promise<void> {
    const startedAt = clock.now();
    const { label, error } = await attempt(row);
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
      const message =
        status === 'sent'
          ? `${words} alert sent to ${label}.`
          : `${words} alert to ${label} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${error?.message}`;
      await addIncidentEvent(
        tx,
        row.incident_id,
        finishedAt,
        status === 'sent' ? 'alert_sent' : 'alert_failed',
        message,
      );
    });
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
