// `upwatch start | serve | worker | migrate`: the one entry point (package bin).
import { parseArgs } from 'node:util';
import { PortUnavailableError, startWebServer } from './cli/web-server.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createCheckWorker, createSharedParts, DatabaseUnavailableError, openDatabase } from './runtime.ts';

const USAGE = `Usage: upwatch <command>

Commands:
  start               web server, scheduler and check workers in one process (SQLite or PostgreSQL)
  serve               web/API server only (PostgreSQL)
  worker [--region N] check execution only (PostgreSQL)
  migrate             apply database migrations and exit`;

const COMMANDS = ['start', 'serve', 'worker', 'migrate'] as const;
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parseCommand(argv: string[]): { command: Command; region: string } {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { region: { type: 'string', default: 'local' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help) throw new UsageError(USAGE, 0);
  if (!command) throw new UsageError(USAGE);
  if (!COMMANDS.includes(command as Command))
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  return { command: command as Command, region: values.region };
}

function refuseSqlite(command: Command, config: Config): void {
  if ((command === 'serve' || command === 'worker') && config.database.dialect === 'sqlite') {
    throw new UsageError(
      `${command} needs PostgreSQL (set DATABASE_URL=postgres://…) so several processes can share one database. On SQLite, run "upwatch start", which runs everything in one process.`,
    );
  }
}

async function run(command: Command, region: string, config: Config, logger: Logger): Promise<void> {
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
  const shared = await createSharedParts(config, database, logger);
  cleanup.push(() => shared.close());
  if (command !== 'worker') {
    const server = await startWebServer(config, database, logger, shared);
    cleanup.push(() => server.close());
  }
  if (command !== 'serve') {
    const worker = createCheckWorker(config, database, logger, shared, region);
    worker.start();
    cleanup.push(() => worker.stop());
  }
}

async function main(argv: string[]): Promise<void> {
  let logger: Logger | undefined;
  try {
    const { command, region } = parseCommand(argv);
    const config = loadConfig();
    refuseSqlite(command, config);
    logger = createLogger(config.logLevel);
    await run(command, region, config, logger);
  } catch (err) {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err instanceof DatabaseUnavailableError ||
      err instanceof PortUnavailableError
    ) {
      process.stderr.write(`upwatch: ${err.message}\n`);
      process.exit(err instanceof UsageError ? err.exitCode : 1);
    }
    logger?.fatal({ err }, 'upwatch failed to start');
    if (!logger) process.stderr.write(`upwatch: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  }
}

await main(process.argv.slice(2));
