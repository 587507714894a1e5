// The digest job: every few minutes, each user whose digest is on and in their plan gets the
// latest period that has ended, once. A poll reads only the settings rows whose next send time
// has come (due.ts), sends or skips each, and moves it on to its next send time. On PostgreSQL
// an advisory lock, keyed by the schema too (leader-lock.ts), keeps it to one process at a time;
// the report's unique key still guards the send if two ever overlap.

import { latestDuePeriod } from '../../core/digest-periods.ts';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { createLeaderLock } from '../platform/jobs/leader-lock.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import { type DueCursor, listDueDigests, moveOn } from './due.ts';
import { type DigestMailDeps, sendPeriodDigest } from './send.ts';
import type { Recipient } from './settings.ts';

const DIGEST_JOB_LOCK = 727_014;
const EVERY_MS = 5 * 60_000;
const PAGE = 500;

export interface DigestJobDeps extends DigestMailDeps {
  dialect: Dialect;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}

async function alreadyRecorded(deps: DigestJobDeps, userId: string, frequency: string, start: number) {
  const row = await deps.db
    .selectFrom('digest_reports')
    .select('id')
    .where('user_id', '=', userId)
    .where('frequency', '=', frequency as 'daily' | 'weekly')
    .where('period_start', '=', start)
    .executeTakeFirst();
  return row !== undefined;
}

async function sendDue(deps: DigestJobDeps, recipient: Recipient, now: number): Promise<boolean> {
  const period = latestDuePeriod(recipient, now);
  // A period that ended before the account existed would be an empty first mail, and a send
  // time that passed before the schedule was chosen is not owed.
  if (!period || period.end <= recipient.createdAt) return false;
  if (recipient.settingsUpdatedAt !== null && period.sendAt < recipient.settingsUpdatedAt) return false;
  if (await alreadyRecorded(deps, recipient.userId, period.frequency, period.start)) return false;
  if (!(await deps.entitlements.check(recipient.userId, FEATURE_IDS.digests))) return false;
  return sendPeriodDigest(deps, recipient, period);
}

async function pass(deps: DigestJobDeps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  let after: DueCursor | null = null;
  for (;;) {
    const page = await listDueDigests(deps.db, { now, after, limit: PAGE });
    for (const due of page) {
      try {
        if (await sendDue(deps, due.recipient, now)) sent += 1;
        // Sent, or skipped for good (not owed, already recorded, not in the plan): either way
        // nothing more is due before the next send time.
        await moveOn(deps.db, due, now);
      } catch (err) {
        deps.logger.error({ err, userId: due.recipient.userId }, 'digest failed');
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return sent;
    after = last.cursor;
  }
}

/**
 * The digest pass: each call is one pass and returns how many digests this process sent (0 when
 * another process holds the lock). The lock is made once, so its in-process guard keeps a slow
 * pass from overlapping the next.
 */
export function createDigestPass(deps: DigestJobDeps): () => Promise<number> {
  const lock = createLeaderLock(deps.db, deps.dialect, DIGEST_JOB_LOCK);
  return async () => (await lock.run(() => pass(deps))) ?? 0;
}

export function digestJob(deps: DigestJobDeps): WorkerJob {
  return periodicJob('digests', deps.clock, EVERY_MS, createDigestPass(deps));
}
