// The worker job that drops custom-domain claims left unverified for 7 days (claims.ts), so a page
// nobody looks at again does not keep showing a claim that no longer counts. Hourly is plenty: a
// lapsed claim blocks nobody meanwhile, and verifying one checks its age first.
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import { periodicJob, type WorkerJob } from '../../platform/jobs/worker.ts';
import { expireClaims } from './claims.ts';

const HOUR = 60 * 60 * 1000;

export function domainClaimsJob(db: Kysely<Database>, clock: Clock): WorkerJob {
  return periodicJob('domain-claims', clock, HOUR, () => expireClaims(db, clock.now()));
}
