// The process's own figures for self-hosters (issue 22): Node's default metrics (event-loop lag,
// heap, GC…) and what the scheduler does — checks started, how late, claim sizes, checks waiting,
// alert retries. Fed by observers the check and delivery jobs already call; read at scrape time.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface QueueDepth {
  inFlight: number;
  /** Claimed, waiting on a timer for their due time. */
  armed: number;
  /** Due while every slot is busy. */
  queued: number;
}

const GAUGES_NAMED_LIKE_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface ProcessMetrics {
  readonly registry: Registry;
  /** The check job's observer. */
  readonly checks: { started(dueAt: number, startedAt: number): void; claimed(count: number): void };
  deliveryRetried(): void;
  /** Where the check queue's depth is read from at scrape time (a worker process). */
  watchQueue(read: () => QueueDepth): void;
  /** Where the scheduler's start lag and late state are read from at scrape time (a worker process). */
  watchLag(read: () => SchedulerLag): void;
  /** Where results waiting for their store, and those lost, are read from at scrape time (a worker process). */
  watchResults(read: () => { waiting: number; lost: number }): void;
}

export interface SchedulerLag {
  /** 99th percentile over the last minute; null while no check started. */
  lagMs: number | null;
  /** Past the alert line, until back under the caught-up line (scheduler/lag.ts). */
  late: boolean;
}

export function createProcessMetrics(): ProcessMetrics {
  const registry = new Registry();
  // The event-loop delay is sampled every 100 ms, not prom-client's 10: a timer a hundred times a
  // second was a fifth of an idle Upwatch's CPU (19 → 15 ms/s, bench/scheduler.ts's idle run),
  // and a stall still delays the next sample, so none goes unseen.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  // prom-client names three gauges `_total`, a suffix Prometheus keeps for counters (`promtool
  // check metrics` refuses them). Each is the sum of its labelled family: sum(nodejs_active_handles).
  for (const name of GAUGES_NAMED_LIKE_COUNTERS) registry.removeSingleMetric(name);
  const started = new Counter({
    name: 'upwatch_checks_started_total',
    help: 'Checks started by this process',
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'upwatch_schedule_lag_seconds',
    help: 'How long after its due time each check started',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const claims = new Histogram({
    name: 'upwatch_claim_batch_size',
    help: 'Monitors claimed per claim statement',
    buckets: [0, 1, 5, 10, 25, 50, 100, 200, 500],
    registers: [registry],
  });
  const retries = new Counter({
    name: 'upwatch_alert_delivery_retries_total',
    help: 'Alert sends that failed and were scheduled again',
    registers: [registry],
  });
  let readQueue: (() => QueueDepth) | null = null;
  new Gauge({
    name: 'upwatch_check_queue_depth',
    help: 'Checks in flight, armed for their due time, or queued for a free slot',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!readQueue) return;
      for (const [state, value] of Object.entries(readQueue())) this.set({ state }, value);
    },
  });
  let readLag: (() => SchedulerLag) | null = null;
  new Gauge({
    name: 'upwatch_scheduler_lag_p99_seconds',
    help: "How late this worker's checks started over the last minute, 99th percentile (0 while none started)",
    registers: [registry],
    collect() {
      if (readLag) this.set((readLag().lagMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'upwatch_scheduler_late',
    help: "1 while this worker's checks run late (its owners were mailed), 0 on time",
    registers: [registry],
    collect() {
      if (readLag) this.set(readLag().late ? 1 : 0);
    },
  });
  let readResults: (() => { waiting: number; lost: number }) | null = null;
  new Gauge({
    name: 'upwatch_check_results_waiting',
    help: 'Finished checks whose results wait in memory for their store (while the database is away)',
    registers: [registry],
    collect() {
      if (readResults) this.set(readResults().waiting);
    },
  });
  new Counter({
    name: 'upwatch_check_results_lost_total',
    help: 'Finished checks whose results were dropped: the store failed while more finished than memory keeps',
    registers: [registry],
    collect() {
      if (!readResults) return;
      // The job counts them; a scrape reports its total.
      this.reset();
      this.inc(readResults().lost);
    },
  });
  return {
    registry,
    checks: {
      started(dueAt, startedAt) {
        started.inc();
        lag.observe(Math.max(0, startedAt - dueAt) / 1000);
      },
      claimed(count) {
        claims.observe(count);
      },
    },
    deliveryRetried: () => retries.inc(),
    watchQueue(read) {
      readQueue = read;
    },
    watchResults(read) {
      readResults = read;
    },
    watchLag(read) {
      readLag = read;
    },
  };
}
