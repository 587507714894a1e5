// Wires config into the running pieces: database, migrations, HTTP app, check workers.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { createDispatcher } from '../alerts/create-alerts.ts';
import { createDeliveryJob } from '../alerts/delivery-job.ts';
import { createPostJson } from '../alerts/post-json.ts';
import { createBilling } from '../billing/create-billing.ts';
import { billingPeriodJob } from '../billing/period-job.ts';
import { performanceCheckRunner } from '../checks/performance.ts';
import { digestJob } from '../digests/job.ts';
import { createDomainJob } from '../domains/domain-job.ts';
import { createRdapClient } from '../domains/rdap-client.ts';
import { createEscalationJob } from '../escalation/escalation-job.ts';
import { createPacker, packJob } from '../history/pack-hours.ts';
import { flappingJob } from '../incidents/flap-job.ts';
import { reminderJob } from '../incidents/reminder-job.ts';
import { maintenanceJob } from '../maintenance/job.ts';
import { createProcessMetrics, type ProcessMetrics } from '../metrics/process-metrics.ts';
import { createTargetVetter } from '../monitors/vet-url.ts';
import { createBeaconListener } from '../performance/field/beacon-listener.ts';
import { fieldBudgetJob } from '../performance/field-budgets/job.ts';
import { createPerformanceJob } from '../performance/job.ts';
import { systemClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createLocalEventBus, type EventBus } from '../platform/events/bus.ts';
import { createPostgresEventBus } from '../platform/events/postgres-bus.ts';
import { atMostEvery, createWorker, type Worker } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import { readExtraCa } from '../platform/net/extra-ca.ts';
import { createTargetGuard, type TargetGuard } from '../platform/net/target-guard.ts';
import { resolveSecretKey } from '../platform/secret.ts';
import { presenceJob } from '../regions/presence-job.ts';
import { RegionView } from '../regions/region-view.ts';
import { WorkerStats } from '../regions/worker-stats.ts';
import { createRetention, retentionJob } from '../retention/job.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import { lagAlertJob } from '../scheduler/lag-alert.ts';
import { createSslJob } from '../ssl/ssl-job.ts';
import { domainClaimsJob } from '../status-pages/custom-domains/claims-job.ts';
import { createSubscriberJob } from '../status-pages/subscribers/job.ts';
import { assemble } from './assemble.ts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/web');

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Connects and migrates; a database that cannot be reached is reported naming DATABASE_URL. */
export async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const handle = connectDatabase(config.database, { logger });
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    return handle;
  } catch (err) {
    await handle.destroy().catch(() => undefined);
    const reason = describeError(err);
    const where =
      config.database.dialect === 'postgres' ? 'DATABASE_URL' : `the SQLite file ${config.database.file}`;
    throw new DatabaseUnavailableError(`Cannot open the database at ${where}: ${reason}`, { cause: err });
  }
}

export interface SharedParts {
  guard: TargetGuard;
  /** The process's own figures (/internal/metrics). */
  metrics: ProcessMetrics;
  events: EventBus;
  /** One pooled SMTP transport per process (or the outbox), shared by test sends and deliveries. */
  mailer: Mailer;
}

/** One process on SQLite shares events in memory; on PostgreSQL they cross processes by NOTIFY. */
export async function createSharedParts(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<SharedParts & { close(): Promise<void> }> {
  const guard = createTargetGuard({
    allowPrivateTargets: config.allowPrivateTargets,
    ca: readExtraCa(config.extraCaFile),
    ...(config.sourceAddress ? { localAddress: config.sourceAddress } : {}),
  });
  const mailer = createMailer(config.mail, database.db, systemClock);
  const metrics = createProcessMetrics();
  if (config.database.dialect === 'sqlite') {
    return { guard, mailer, metrics, events: createLocalEventBus(), close: () => mailer.close() };
  }
  const events = await createPostgresEventBus({ url: config.database.url, db: database.db, logger });
  return {
    guard,
    mailer,
    metrics,
    events,
    close: async () => {
      await events.close();
      await mailer.close();
    },
  };
}

export function createWebApp(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  { guard, events, mailer }: SharedParts,
) {
  const { app, rum } = assemble({
    config,
    secret: resolveSecretKey(config),
    database,
    logger,
    clock: systemClock,
    events,
    vet: createTargetVetter(guard),
    alertParts: { guard, mailer },
    webDistDir: WEB_DIST_DIR,
  });
  // What is gathered in memory is written before the process ends: up to a second of page views,
  // and up to ten seconds of their count for the plan's allowance.
  return {
    app,
    // Visitors' beacons are answered ahead of the app: the same intake, a fraction of the cost.
    beacons: createBeaconListener(rum.intake, config.trustProxy),
    drain: async () => {
      await rum.buffer.flush();
      await rum.meter.flush();
    },
  };
}

/** The billing engine outside the web app: the worker's period job and the admin CLI. */
export function createBackgroundBilling(config: Config, database: DatabaseHandle, logger: Logger) {
  return createBilling({
    database,
    clock: systemClock,
    logger,
    publicUrl: config.publicUrl,
    provider: config.billing,
  });
}

/** A worker claiming and running due checks; its id tells workers apart in claims. */
export function createCheckWorker(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  { guard, events, mailer, metrics }: SharedParts,
  region: string,
): Worker {
  const workerId = `${region}/${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const stats = new WorkerStats();
  const regions = new RegionView();
  const job = createCheckJob({
    db: database.db,
    dialect: database.dialect,
    clock: systemClock,
    guard,
    events,
    logger,
    region,
    workerId,
    concurrency: config.checkConcurrency,
    confirmDelayMs: config.confirmationDelayMs,
    flapPolicy: config.flapPolicy,
    regions,
    observer: {
      started(dueAt, startedAt) {
        stats.started(dueAt, startedAt);
        metrics.checks.started(dueAt, startedAt);
      },
      claimed: metrics.checks.claimed,
    },
  });
  metrics.watchQueue(job.depth);
  metrics.watchResults(job.results);
  const lag = lagAlertJob({
    db: database.db,
    clock: systemClock,
    logger,
    mailer,
    stats,
    workerId,
    publicUrl: config.publicUrl,
    notifyOwners: config.billing.kind === 'local',
  });
  metrics.watchLag(lag.current);
  const billing = createBackgroundBilling(config, database, logger);
  const deliveries = createDeliveryJob({
    db: database.db,
    dialect: database.dialect,
    clock: systemClock,
    logger,
    onRetry: metrics.deliveryRetried,
    dispatcher: createDispatcher({
      db: database.db,
      clock: systemClock,
      secret: resolveSecretKey(config),
      publicUrl: config.publicUrl,
      entitlements: billing.entitlements,
      guard,
      mailer,
      providers: config.alertProviders,
    }),
  });
  return createWorker({
    region,
    clock: systemClock,
    logger,
    jobs: [
      presenceJob({ db: database.db, clock: systemClock, logger, workerId, region, stats, view: regions }),
      job,
      lag,
      maintenanceJob(database.db, systemClock),
      domainClaimsJob(database.db, systemClock),
      atMostEvery(
        createSslJob({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
          guard,
          logger,
          region,
          workerId,
          entitlements: billing.entitlements,
        }),
        systemClock,
        2_000,
      ),
      atMostEvery(
        createDomainJob({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
          rdap: createRdapClient({ bootstrapUrl: config.rdapBootstrapUrl, guard, clock: systemClock }),
          logger,
          workerId,
        }),
        systemClock,
        10_000,
      ),
      atMostEvery(
        createPerformanceJob({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
          guard,
          events,
          logger,
          region,
          workerId,
          entitlements: billing.entitlements,
          runner: performanceCheckRunner,
          ...config.performance,
        }),
        systemClock,
        2_000,
      ),
      fieldBudgetJob({
        db: database.db,
        dialect: database.dialect,
        clock: systemClock,
        logger,
        entitlements: billing.entitlements,
      }),
      // Before the deliveries: a step that fires is sent in the same round.
      atMostEvery(
        createEscalationJob({
          db: database.db,
          clock: systemClock,
          logger,
          entitlements: billing.entitlements,
        }),
        systemClock,
        1_000,
      ),
      deliveries,
      atMostEvery(
        createSubscriberJob({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
          logger,
          secret: resolveSecretKey(config),
          publicUrl: config.publicUrl,
          mailer,
          postJson: createPostJson(guard),
        }),
        systemClock,
        1_000,
      ),
      flappingJob(database.db, systemClock, config.flapPolicy),
      atMostEvery(reminderJob(database.db, systemClock), systemClock, 1_000),
      billingPeriodJob(billing.periodic, systemClock),
      retentionJob(
        createRetention({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
          logger,
          plans: billing.plans,
        }).run,
        systemClock,
        logger,
      ),
      packJob(
        createPacker({ db: database.db, dialect: database.dialect, clock: systemClock, logger }),
        systemClock,
        logger,
      ),
      digestJob({
        ...database,
        clock: systemClock,
        mailer,
        secret: resolveSecretKey(config),
        publicUrl: config.publicUrl,
        logger,
        entitlements: billing.entitlements,
      }),
    ],
    pollIntervalMs: 250,
  });
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return err.message || (typeof code === 'string' ? code : err.name);
}
