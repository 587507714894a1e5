// The worker job that watches domain registrations: each poll it claims the domains due for their
// daily RDAP lookup and runs the lookups in the background with bounded concurrency, so a slow
// registry never holds up the worker's other jobs. A domain shared by many monitors is looked up
// once; its failures are recorded on its row, never thrown into the worker loop.
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { DomainExpiryTable } from '../platform/db/domain-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { claimDueDomains, seedDomainRows } from './claim.ts';
import type { RdapClient } from './rdap-client.ts';
import { RdapError } from './rdap-fetch.ts';
import { type LookupOutcome, recordDomainLookup } from './record.ts';

export interface DomainJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  rdap: RdapClient;
  logger: Logger;
  workerId: string;
  concurrency?: number;
}

const SEED_EVERY_MS = 60_000;
/** The lookup's own time limit (bootstrap and answer) plus a margin: a dead worker's claim lapses. */
const LEASE_MS = 60_000;
const RETRY_AFTER_CRASH_MS = 3_600_000;

export interface DomainJob extends WorkerJob {
  /** Resolves once the lookups started so far have been stored (tests wait on it). */
  idle(): Promise<void>;
}

export function createDomainJob(options: DomainJobOptions): DomainJob {
  const { db, dialect, clock, rdap, logger, workerId } = options;
  const log = logger.child({ module: 'domain-expiry' });
  const concurrency = options.concurrency ?? 4;
  const runs = new AbortController();
  const inFlight = new Map<string, Promise<void>>();
  let lastSeedAt = Number.NEGATIVE_INFINITY;

  async function lookUp(row: DomainExpiryTable): Promise<void> {
    const startedAt = clock.now();
    let outcome: LookupOutcome;
    try {
      outcome = { ok: true, domain: await rdap.lookup(row.domain, runs.signal) };
    } catch (err) {
      if (runs.signal.aborted) return;
      if (!(err instanceof RdapError)) throw err;
      outcome = { ok: false, error: err };
    }
    await recordDomainLookup(db, { row, outcome, startedAt, workerId });
  }

  function start(row: DomainExpiryTable): void {
    const run = lookUp(row)
      .catch(async (err: unknown) => {
        log.error({ err, domain: row.domain }, 'domain lookup failed');
        // A bug, not a fact about the domain: try again in an hour rather than at every lease.
        await db
          .updateTable('domain_expiry')
          .set({ next_check_at: clock.now() + RETRY_AFTER_CRASH_MS, claimed_until: null, claimed_by: null })
          .where('domain', '=', row.domain)
          .where('claimed_by', '=', workerId)
          .execute()
          .catch(() => undefined);
      })
      .finally(() => inFlight.delete(row.domain));
    inFlight.set(row.domain, run);
  }

  /** Claimed domains no monitor watches any more are dropped instead of looked up. */
  async function dropUnwatched(rows: readonly DomainExpiryTable[]): Promise<DomainExpiryTable[]> {
    const watched = await db
      .selectFrom('monitor_domains')
      .select('domain')
      .distinct()
      .where(
        'domain',
        'in',
        rows.map((row) => row.domain),
      )
      .execute();
    const keep = new Set(watched.map((row) => row.domain));
    const gone = rows.filter((row) => !keep.has(row.domain)).map((row) => row.domain);
    if (gone.length > 0) {
      await db
        .deleteFrom('domain_expiry')
        .where('domain', 'in', gone)
        .where('claimed_by', '=', workerId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('monitor_domains')
                .select('monitor_domains.monitor_id')
                .whereRef('monitor_domains.domain', '=', 'domain_expiry.domain'),
            ),
          ),
        )
        .execute();
    }
    return rows.filter((row) => keep.has(row.domain));
  }

  return {
    name: 'domain-expiry',
    async run(signal) {
      const now = clock.now();
      if (now - lastSeedAt >= SEED_EVERY_MS) {
        lastSeedAt = now;
        await seedDomainRows(db);
      }
      const free = concurrency - inFlight.size;
      if (free <= 0 || signal.aborted) return false;
      const claimed = await claimDueDomains(db, dialect, { now, limit: free, workerId, leaseMs: LEASE_MS });
      if (claimed.length === 0) return false;
      for (const row of await dropUnwatched(claimed)) start(row);
      return claimed.length === free;
    },
    async idle() {
      await Promise.all(inFlight.values());
    },
    async drain() {
      // Lookups are cheap to repeat: stop them rather than wait, and hand the claims back.
      const unfinished = [...inFlight.keys()];
      runs.abort(new Error('Worker stopped before the domain lookup finished.'));
      await Promise.all(inFlight.values());
      if (unfinished.length === 0) return;
      await db
        .updateTable('domain_expiry')
        .set({ claimed_until: null, claimed_by: null })
        .where('domain', 'in', unfinished)
        .where('claimed_by', '=', workerId)
        .execute();
    },
  };
}
