// The worker job that runs monitors of every kind: each poll it stores the checks finished since
// the last poll (one batch), then claims the monitors due within the look-ahead and starts each
// at its due time (at the end of its tick, start-ticks.ts) through its kind's definition. When a
// due check may start is admission.ts's: a slot for its CPU-bound moments, a place in flight
// shared fairly between workspaces and target hosts while it waits on the network. None waits for
// a poll. Results wait in memory for their store (bounded, results-kept.ts) while the database is away.
import { setMaxListeners } from 'node:events';
import type { Kysely } from 'kysely';
import type { CheckContext } from '../checks/types.ts';
import type { FlapPolicy } from '../incidents/lifecycle.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { claimDueMonitors, releaseClaims } from '../platform/db/dialect.ts';
import { writesInTurn } from '../platform/db/row-locks.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { CLAIM_LOOK_AHEAD_MS, OVERDUE_AFTER_MS } from '../platform/timing.ts';
import { recordResults } from '../recording/record.ts';
import { claimRegionRuns, releaseRegionRuns } from '../regions/claim-runs.ts';
import type { RegionView } from '../regions/region-view.ts';
import { type AdmissionLimits, type Admittance, admissionLimits, createAdmission } from './admission.ts';
import { createResultsKept, type ResultsWaiting } from './results-kept.ts';
import { createStartTicks } from './start-ticks.ts';

export interface CheckJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  guard: TargetGuard;
  events: EventBus;
  logger: Logger;
  region: string;
  workerId: string;
  /**
   * Checks working at once (ARCHITECTURE: default 64): a check holds one of these slots only while
   * it may use the CPU, not while it waits on a socket (admission.ts).
   */
  concurrency?: number;
  /** The in-flight bounds beside the slots (admission.ts's defaults scale with the concurrency). */
  limits?: Partial<AdmissionLimits>;
  /** Finished checks kept for their store while the database is away; past it the oldest are lost, counted and logged. */
  maxKeptResults?: number;
  confirmDelayMs?: number;
  /** When status changes count as flapping (incidents and alerts). */
  flapPolicy?: FlapPolicy;
  /** How long a stopping worker lets in-flight checks finish before giving their claims back. */
  drainTimeoutMs?: number;
  /** Sees every check start (when it was due and when it started: schedule lag) and every claim's size. */
  observer?: { started(dueAt: number, startedAt: number): void; claimed?(count: number): void };
  /**
   * How far ahead a poll claims: monitors due within it wait for their due time's tick and start
   * then, not at the next poll. Longer than the worker's poll interval, so no due time falls between.
   */
  lookAheadMs?: number;
  /**
   * How many claimed checks may wait for their due time beside those in flight. The look-ahead
   * holds about checks/s × lookAheadMs of them (2,500 at 100,000 monitors a minute); capping them
   * at the concurrency made each poll claim a handful, a hundred polls a second.
   */
  maxWaiting?: number;
  /** Checks due within one tick of this length start together at its end (start-ticks.ts). */
  startTickMs?: number;
  /** Whether this worker's region had runs at the presence job's last heartbeat; without it, always claimed. */
  regions?: RegionView;
}

const LEASE_MARGIN_MS = 15_000;
/**
 * A check that starts this long before its lease ends, plus its timeout, has ended and been stored
 * (FLUSH_INTERVAL_MS) with room to spare before another claim may take the monitor again.
 */
const STORE_SLACK_MS = 5_000;
// Each commit has a cost of its own whatever it holds (its transaction, its WAL frames, a page
// rewritten for each of several checks instead of once), so results are stored once a second: a
// check shows on the dashboard at most about a second after it ended. From 500 ms, CPU per check
// at 20,000 monitors went 0.473 → 0.442 ms (bench/scheduler.ts, both at once).
const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_BATCH = 500;
const CLAIM_BATCH = 200;

/** A claimed check: an unregioned monitor, or a multi-region monitor's run in this worker's region. */
interface Due {
  monitor: MonitorTable;
  run?: MonitorRegionTable;
}

function admittanceOf({ monitor, run }: Due): Admittance {
  const leaseEnds = run ? run.claimed_until : monitor.claimed_until;
  return {
    workspace: monitor.workspace_id,
    host: hostOf(monitor.url),
    dueAt: run?.next_run_at ?? monitor.next_run_at,
    ...(leaseEnds === null ? {} : { startBy: leaseEnds - monitor.timeout_ms - STORE_SLACK_MS }),
  };
}

/** The target's host and port: every kind's target is a URL (https://…, tcp://host:port, dns://…). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export interface CheckJob extends WorkerJob {
  /** Checks in flight, armed for their due time, and queued for a slot or a place in flight. */
  depth(): { inFlight: number; armed: number; queued: number };
  /**
   * Finished checks waiting for their store (many only while the database is away), and those
   * whose results were lost because the store failed past the bound (logged as each is lost).
   */
  results(): ResultsWaiting;
  /** Resolves once the batch being stored beside the claims (PostgreSQL), if any, has committed. */
  stored(): Promise<void>;
}

export function createCheckJob(options: CheckJobOptions): CheckJob {
  const { db, dialect, clock, events, logger, region, workerId } = options;
  const limits = admissionLimits(options.concurrency ?? 64, options.limits);
  const confirmDelayMs = options.confirmDelayMs ?? 15_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;
  // Aborted only when draining gives up, so a stopping worker lets checks in flight finish.
  const runs = new AbortController();
  // Every check in flight listens on this signal; that many listeners is the design, not a leak.
  setMaxListeners(limits.inFlight + 16, runs.signal);
  const lookAheadMs = options.lookAheadMs ?? CLAIM_LOOK_AHEAD_MS;
  const maxWaiting = options.maxWaiting ?? 4_096;
  const inFlight = new Map<string, Promise<void>>();
  /** Due checks start here, now or when the bounds let them. */
  /** Queued too long to start within their leases: their claims go back at the next round. */
  const givenBack: string[] = [];
  const admission = createAdmission<Due>(clock, limits, admittanceOf, launch, (late) => {
    givenBack.push(...late.map((due) => due.monitor.id));
  });
  /**
   * Monitors claimed and not yet done with: armed, queued, in flight, or their result waiting for
   * the store. Under overload a lease can run out meanwhile (the event loop late, a store slow);
   * this job's next claim then takes the monitor again, which only renews the lease. Run again,
   * the target saw two checks for one slot (regions.pg.test.ts, on a machine at load 15).
   */
  const held = new Set<string>();
  /** Claimed, waiting for their due time's tick. */
  const armed = createStartTicks<Due>(clock, (due) => admission.offer(due), options.startTickMs);
  const kept = createResultsKept(logger, options.maxKeptResults, (lost) => {
    for (const { monitor } of lost) held.delete(monitor.id);
  });
  /** The last claim filled what it asked for, so more monitors are probably due. */
  let backlog = false;

  function launch(due: Due): Promise<void> {
    const { monitor, run } = due;
    options.observer?.started(run?.next_run_at ?? monitor.next_run_at, clock.now());
    const ctx: CheckContext = { signal: runs.signal, clock, guard: options.guard, region };
    const { check } = kindOf(monitor);
    const running = Promise.resolve()
      .then(() => check.run(check.config(monitor), ctx))
      .then((result) => {
        kept.add({ monitor, run, outcome: check.outcome(monitor, result) });
      })
      .catch((err: unknown) => {
        // No result: the claim stays until its lease runs out, and then the monitor is run again.
        held.delete(monitor.id);
        if (!runs.signal.aborted) logger.error({ err, monitorId: monitor.id }, 'check crashed');
      })
      .finally(() => {
        inFlight.delete(monitor.id);
      });
    inFlight.set(monitor.id, running);
    return running;
  }

  async function release(monitorIds: string[]): Promise<void> {
    for (const id of monitorIds) held.delete(id);
    await releaseClaims(db, workerId, monitorIds);
    await releaseRegionRuns(db, workerId, monitorIds);
  }

  let lastFlushAt = Number.NEGATIVE_INFINITY;
  /** A batch being stored while the job claims on (PostgreSQL). */
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    lastFlushAt = clock.now();
    const batch = kept.take();
    let published: Awaited<ReturnType<typeof recordResults>>;
    try {
      published = await recordResults(db, dialect, workerId, batch, confirmDelayMs, options.flapPolicy);
    } catch (err) {
      // The database busy past its timeout, or away: the batch goes back, to be stored with the
      // next, up to the bound (results-kept.ts counts and logs any lost past it).
      kept.putBack(batch, err);
      throw err;
    }
    kept.stored(batch.length);
    for (const { monitor } of batch) held.delete(monitor.id);
    events.publish(published);
  }

  /**
   * Each commit writes every page it touched, so results are stored at most every
   * FLUSH_INTERVAL_MS (or sooner when many are waiting), not on every quick backlog round.
   */
  function flushDue(): boolean {
    if (kept.size === 0 || flushing) return false;
    return kept.size >= FLUSH_BATCH || clock.now() - lastFlushAt >= FLUSH_INTERVAL_MS;
  }

  /**
   * On PostgreSQL a batch is stored on its own connection while the job goes on claiming: a
   * commit can wait on another worker's (the regions of one monitor store its runs at the same
   * moments and lock the same rows), and checks must not start late meanwhile. SQLite has one
   * connection, so there the job stores, then claims.
   */
  async function store(): Promise<void> {
    if (writesInTurn(dialect)) return flush();
    flushing = flush()
      // Logged once per outage, with what is kept and lost, by results-kept.ts.
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
      });
  }

  /**
   * Claims monitors due by `dueBy`; each starts at its due time from the clock as it is after the
   * claim. `onTimeOnly` leaves overdue ones unclaimed (a look-ahead while checks wait for a slot).
   */
  async function claim(dueBy: number, limit: number, onTimeOnly = false): Promise<number> {
    const now = clock.now();
    const claim = {
      now,
      dueBy,
      limit,
      workerId,
      leaseMarginMs: LEASE_MARGIN_MS,
      // Expired leases (for the claim of what is due now only), then checks on time, then overdue
      // ones (claimWindows). A look-ahead that took on-time checks only, always, left healthy
      // monitors' checks 300 ms later each minute at 20,000 monitors (bench/scheduler.ts stray
      // p50 0.9 → 298 ms), so only a backed-up job's look-ahead leaves the overdue alone.
      expired: dueBy <= now,
      ...(onTimeOnly ? { after: now - OVERDUE_AFTER_MS } : { onTimeFrom: now - OVERDUE_AFTER_MS }),
    };
    const claimed: Due[] = (await claimDueMonitors(db, dialect, claim)).map((monitor) => ({ monitor }));
    if (claimed.length < limit && options.regions?.runsHere !== false)
      claimed.push(
        ...(await claimRegionRuns(db, dialect, { ...claim, region, limit: limit - claimed.length })),
      );
    const claimedAt = clock.now();
    options.observer?.claimed?.(claimed.length);
    for (const due of claimed) {
      if (held.has(due.monitor.id)) continue;
      held.add(due.monitor.id);
      const dueAt = due.run?.next_run_at ?? due.monitor.next_run_at;
      if (dueAt <= claimedAt) admission.offer(due);
      else armed.arm(due.monitor.id, dueAt, due);
    }
    return claimed.length;
  }

  return {
    name: 'checks',
    depth: () => ({ inFlight: admission.inFlight, armed: armed.size, queued: admission.queued }),
    results: () => ({ waiting: kept.size, lost: kept.lost }),
    stored: async () => {
      await flushing;
    },
    async run(signal) {
      if (flushDue()) await store();
      admission.revisit();
      if (givenBack.length > 0) await release(givenBack.splice(0));
      if (signal.aborted) return false;
      const room = Math.min(CLAIM_BATCH, limits.inFlight - admission.inFlight - admission.queued);
      if (room <= 0) return backlog;
      const now = clock.now();
      // Checks already waiting for a slot: claiming more of what is due now would only hoard work
      // another worker could run now, and a check queued past its lease is run twice. Look again
      // soon, not after a full poll. Checks queued because their workspace or host has its share
      // in flight do not stop the claim: other tenants' checks must not wait behind them.
      const backedUp = admission.backedUp;
      // What is due now, as much as there is room in flight for (in batches, as below)…
      if (!backedUp && (await claim(now, room)) === room) {
        backlog = true;
        return true;
      }
      // …then what falls due within the look-ahead, on timers, even while backed up: at its tick
      // a check on time goes before the overdue ones waiting (admission.ts). Backed up, it takes
      // no overdue check: one would wait for a slot, perhaps past its lease, and run twice.
      // In batches: one claim of thousands of rows and their timers holds the event loop long
      // enough to make every other check late; the rest comes in the next quick round.
      const waiting = Math.min(CLAIM_BATCH, maxWaiting - armed.size);
      if (waiting > 0) backlog = (await claim(now + lookAheadMs, waiting, backedUp)) === waiting;
      return backlog || backedUp;
    },
    async drain() {
      // Checks not started yet go back at once, for another worker to run on time. With the
      // database away they cannot: their leases expire instead, and the checks in flight still
      // finish, for their results to be stored or counted as lost below.
      const giveBack = (monitorIds: string[]) => release(monitorIds).catch(() => undefined);
      await giveBack([
        ...givenBack.splice(0),
        ...armed.cancelAll(),
        ...admission.takeQueued().map((due) => due.monitor.id),
      ]);
      let timer: TimerHandle | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = clock.setTimeout(() => resolve('timeout'), drainTimeoutMs);
      });
      const outcome = await Promise.race([
        Promise.all(inFlight.values()).then(() => 'done' as const),
        deadline,
      ]);
      timer?.cancel();
      if (outcome === 'timeout') {
        const unfinished = [...inFlight.keys()];
        runs.abort(new Error('Worker stopped before the check finished.'));
        await Promise.all(inFlight.values());
        await giveBack(unfinished);
        logger.warn(
          { unfinished: unfinished.length },
          'stopped with checks unfinished; their claims were released',
        );
      }
      await flushing;
      try {
        await flush();
      } catch (err) {
        // The process is ending: what is still waiting is lost, and said so, never silently.
        logger.error(
          { err, lost: kept.size },
          'stopped while the database was away: check results not stored',
        );
        throw err;
      }
    },
  };
}
