// The commands that run Upwatch itself (start, serve, worker, migrate, billing). main.ts loads
// this module, and through it the whole server, only for them: the client commands (plan,
// apply, export, import) start in a fraction of the time.
import type { Config } from '../../platform/config.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  createBackgroundBilling,
  createCheckWorker,
  createSharedParts,
  DatabaseUnavailableError,
  openDatabase,
} from '../runtime.ts';
import { type BillingAdminArgs, BillingAdminError, runBillingAdmin } from './billing-admin.ts';
import { PortUnavailableError, startMetricsServer, startWebServer } from './web-server.ts';

export interface ServerCommand {
  command: 'start' | 'serve' | 'worker' | 'migrate' | 'billing';
  region: string;
  billing: BillingAdminArgs;
}

/** A refusal to print as one line before exiting 1, rather than a crash with its stack. */
export function isServerRefusal(err: unknown): err is Error {
  return (
    err instanceof BillingAdminError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof PortUnavailableError
  );
}

export async function runServer(
  { command, region, billing }: ServerCommand,
  config: Config,
  logger: Logger,
): Promise<void> {
  // Handlers first: a signal that finds no listener kills the process at once, with no cleanup.
  const cleanup: (() => Promise<void>)[] = [];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const step of cleanup.reverse()) await step();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const database = await openDatabase(config, logger);
  cleanup.push(() => database.destroy());
  if (command === 'migrate') {
    stopping = true;
    await database.destroy();
    logger.info('database is up to date');
    return;
  }
  if (command === 'billing') {
    stopping = true;
    try {
      const lines = await runBillingAdmin(
        billing,
        database,
        createBackgroundBilling(config, database, logger),
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await database.destroy();
    }
    return;
  }
  if (command !== 'worker' && config.billing.kind === 'local' && config.billing.defaultPlan !== 'free') {
    const granted = await createBackgroundBilling(config, database, logger).applyDefaultPlan();
    logger.info({ plan: config.billing.defaultPlan, granted }, 'DEFAULT_PLAN granted to existing workspaces');
  }
  const shared = await createSharedParts(config, database, logger);
  cleanup.push(() => shared.close());
  if (command !== 'worker') {
    const server = await startWebServer(config, database, logger, shared);
    cleanup.push(() => server.close());
  } else if (config.metricsToken) {
    const server = await startMetricsServer(config, logger, shared);
    cleanup.push(() => server.close());
  }
  if (command !== 'serve') {
    const worker = createCheckWorker(config, database, logger, shared, region);
    worker.start();
    cleanup.push(() => worker.stop());
  }
}
