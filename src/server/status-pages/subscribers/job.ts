// The subscriber job, beside the checks and never inside them: each round it expands the notices
// that are due into deliveries, then sends a bounded batch of due deliveries.
import type { Kysely } from 'kysely';
import { SEND_TIMEOUT_MS } from '../../alerts/dispatch.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { WorkerJob } from '../../platform/jobs/worker.ts';
import type { Logger } from '../../platform/logger.ts';
import { claimDueSubscriberDeliveriesQuery } from './claim.ts';
import { deliver, type SendDeps } from './deliver.ts';
import { dueNoticesQuery, expandNotice } from './fanout.ts';

export interface SubscriberJobOptions extends SendDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  logger: Logger;
  noticeBatch?: number;
  sendBatch?: number;
}

// Outlives the send timeout, so a claim only lapses when its worker died mid-send.
const LEASE_MS = SEND_TIMEOUT_MS * 4;

export function createSubscriberJob(options: SubscriberJobOptions): WorkerJob {
  const { db, dialect, clock, noticeBatch = 20, sendBatch = 50 } = options;
  const log = options.logger.child({ module: 'status-page-subscribers' });

  async function expandDue(now: number): Promise<boolean> {
    const due = await dueNoticesQuery(db, now, noticeBatch).execute();
    let more = due.length === noticeBatch;
    for (const notice of due) {
      more =
        (await expandNotice(db, notice, now).catch((err: unknown) => {
          log.error({ err, notice: notice.id }, 'expanding a notice failed');
          return false;
        })) || more;
    }
    return more;
  }

  return {
    name: 'status-page-subscribers',
    async run() {
      const expanding = await expandDue(clock.now());
      const claimed = await claimDueSubscriberDeliveriesQuery(db, dialect, {
        now: clock.now(),
        limit: sendBatch,
        leaseMs: LEASE_MS,
      }).execute();
      await Promise.all(
        claimed.map(async (row) => {
          const { error } = await deliver(options, row).catch((err: unknown) => {
            log.error({ err, delivery: row.id }, 'recording a subscriber delivery failed');
            return { error: null };
          });
          if (error) log.warn({ delivery: row.id, err: error.message }, 'subscriber delivery failed');
        }),
      );
      return expanding || claimed.length === sendBatch;
    },
  };
}
