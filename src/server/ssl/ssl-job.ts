// The worker job that checks certificates: each poll it claims the https monitors whose
// certificate is due (every 12 hours, or at once after the HTTP check saw a new one) and runs
// their checks in the background, so a slow handshake never holds up the worker's other jobs.
// Owners without SSL certificate monitoring in their plan are skipped until the next period.

import type { Kysely } from 'kysely';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { sslCheckRunner } from '../checks/ssl.ts';
import type { CheckContext } from '../checks/types.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import { monitorsById } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorSslStateTable } from '../platform/db/ssl-schema.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { changedSince, claimDueSslStates, nextMonitorPage, syncSslStates } from './claim.ts';
import { recordSslCheck, SSL_CHECK_EVERY_MS } from './record.ts';

export interface SslJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  guard: TargetGuard;
  logger: Logger;
  region: string;
  workerId: string;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  concurrency?: number;
}

/** New https monitors get a state row within this long even before their first HTTP check. */
const SEED_EVERY_MS = 60_000;
/** Each sync also rereads this much before the last one: other processes' clocks may lag. */
const SEED_OVERLAP_MS = 60_000;
/** Monitors the start-up walk looks at per poll. */
const SEED_PAGE = 2_000;
/** The longest a check may take (the runner's cap) plus a margin: a dead worker's claim lapses. */
const LEASE_MS = 75_000;
const RETRY_AFTER_CRASH_MS = 3_600_000;

export interface SslJob extends WorkerJob {
  /** Resolves once the checks started so far have been stored (tests wait on it). */
  idle(): Promise<void>;
}

export function createSslJob(options: SslJobOptions): SslJob {
  const { db, dialect, clock, guard, logger, region, workerId, entitlements } = options;
  const log = logger.child({ module: 'ssl-checks' });
  const concurrency = Math.min(options.concurrency ?? 8, sslCheckRunner.concurrency);
  const runs = new AbortController();
  const inFlight = new Map<string, Promise<void>>();
  let lastSeedAt = Number.NEGATIVE_INFINITY;
  /** The start-up walk's position (monitors by id), null once it has seen every monitor. */
  let walkAfter: string | null = '';
  let walkStartedAt = 0;

  /**
   * Keeps state rows in step with monitors: at start one page of every monitor per poll (what
   * changed while no worker ran), then every minute only the monitors changed since.
   */
  async function seed(now: number): Promise<void> {
    if (walkAfter !== null) {
      if (walkAfter === '') walkStartedAt = now;
      const page = await nextMonitorPage(db, walkAfter, SEED_PAGE);
      if (page) await syncSslStates(db, now, page.scope);
      walkAfter = page?.full ? page.last : null;
      if (walkAfter === null) lastSeedAt = walkStartedAt;
      return;
    }
    if (now - lastSeedAt < SEED_EVERY_MS) return;
    await syncSslStates(db, now, changedSince(lastSeedAt - SEED_OVERLAP_MS));
    lastSeedAt = now;
  }

  /** Hands the claim back with the next check at `at`. */
  async function postpone(monitorId: string, at: number): Promise<void> {
    await db
      .updateTable('monitor_ssl_state')
      .set({ next_check_at: at, claimed_until: null, claimed_by: null })
      .where('monitor_id', '=', monitorId)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  async function check(monitor: MonitorTable, state: MonitorSslStateTable): Promise<void> {
    if (!(await entitlements.check(monitor.workspace_id, FEATURE_IDS.sslMonitoring))) {
      await postpone(monitor.id, clock.now() + SSL_CHECK_EVERY_MS);
      return;
    }
    const url = kindOf(monitor).certificateUrl(monitor);
    // Changed to a target without TLS since the claim: the next sync turns its state inactive.
    if (url === null) {
      await postpone(monitor.id, clock.now() + SSL_CHECK_EVERY_MS);
      return;
    }
    const ctx: CheckContext = { signal: runs.signal, clock, guard, region };
    const result = await sslCheckRunner.run({ url, timeoutMs: monitor.timeout_ms }, ctx);
    await recordSslCheck(db, { monitor, state, result, workerId });
  }

  function start(monitor: MonitorTable, state: MonitorSslStateTable): void {
    const run = check(monitor, state)
      .catch(async (err: unknown) => {
        if (runs.signal.aborted) return;
        log.error({ err, monitorId: monitor.id }, 'certificate check failed');
        // A bug, not a fact about the certificate: try again in an hour rather than at every lease.
        await postpone(monitor.id, clock.now() + RETRY_AFTER_CRASH_MS).catch(() => undefined);
      })
      .finally(() => inFlight.delete(monitor.id));
    inFlight.set(monitor.id, run);
  }

  return {
    name: 'ssl-checks',
    async run(signal) {
      const now = clock.now();
      await seed(now);
      const free = concurrency - inFlight.size;
      if (free <= 0 || signal.aborted) return false;
      const claimed = await claimDueSslStates(db, dialect, { now, limit: free, workerId, leaseMs: LEASE_MS });
      if (claimed.length === 0) return false;
      const byId = await monitorsById(
        db,
        claimed.map((state) => state.monitor_id),
      );
      for (const state of claimed) {
        const monitor = byId.get(state.monitor_id);
        if (monitor) start(monitor, state);
      }
      return claimed.length === free;
    },
    async idle() {
      await Promise.all(inFlight.values());
    },
    async drain() {
      // Certificate checks are cheap to repeat: stop them rather than wait, and hand claims back.
      const unfinished = [...inFlight.keys()];
      runs.abort(new Error('Worker stopped before the certificate check finished.'));
      await Promise.all(inFlight.values());
      if (unfinished.length === 0) return;
      await db
        .updateTable('monitor_ssl_state')
        .set({ claimed_until: null, claimed_by: null })
        .where('monitor_id', 'in', unfinished)
        .where('claimed_by', '=', workerId)
        .execute();
    },
  };
}
