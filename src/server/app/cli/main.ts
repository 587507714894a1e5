// `upwatch start | serve | worker | migrate | billing | plan | apply | export | import`: the one
// entry point (package bin).
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadClientEnvironment, loadConfig } from '../../platform/config.ts';
import { createLogger, type Logger } from '../../platform/logger.ts';
import type { BillingAdminArgs } from './billing-admin.ts';
import { ConfigCommandError, runConfigCommand } from './config-commands.ts';
import { IMPORT_USAGE, ImportCommandError, runImportCommand } from './import-command.ts';
import type { ServerCommand } from './run-server.ts';
import { LocalAddressError, refuseForeignAddress } from './source-address.ts';

const USAGE = `Usage: upwatch <command> [options]

Commands:
  start                              web server, scheduler and check workers in one process (SQLite or PostgreSQL)
  serve                              web/API server only (PostgreSQL)
  worker [--region N]                check execution only (PostgreSQL)
  migrate                            apply database migrations and exit
  billing grant --email E --plan P   attach a plan or add-on without payment (recorded as a manual grant)
  billing show --email E             print a customer's products, usage and invoices
  plan -f FILE [--prune]             show what apply would change (one line per change)
  apply -f FILE [--prune]            make the workspace match upwatch.yaml, all or nothing
  export                             print the workspace as upwatch.yaml
${IMPORT_USAGE}

Options:
  --region N                         the region a worker (or start's worker) checks from (default local)
  --source-address IP                the local address checks leave from (overrides SOURCE_ADDRESS)
  --url URL, --api-key KEY           the Upwatch plan, apply, export and import talk to
  -h, --help                         print this help

  plan, apply, export and import talk to UPWATCH_URL with UPWATCH_API_KEY (or --url, --api-key);
  --prune deletes what the file's sections leave out.`;

const COMMANDS = ['start', 'serve', 'worker', 'migrate', 'billing', 'plan', 'apply', 'export'] as const;
const CLIENT_COMMANDS = ['plan', 'apply', 'export'] as const;
type ClientCommand = (typeof CLIENT_COMMANDS)[number];
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

interface ParsedCommand {
  command: Command;
  region: string;
  sourceAddress: string | undefined;
  billing: BillingAdminArgs;
  client: { file: string | undefined; prune: boolean; url: string | undefined; apiKey: string | undefined };
}

function parseCommand(argv: string[]): ParsedCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      region: { type: 'string', default: 'local' },
      'source-address': { type: 'string' },
      email: { type: 'string' },
      plan: { type: 'string' },
      file: { type: 'string', short: 'f' },
      prune: { type: 'boolean', default: false },
      url: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || command === 'help') throw new UsageError(USAGE, 0);
  if (!command) throw new UsageError(USAGE);
  if (!COMMANDS.includes(command as Command))
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  const sourceAddress = values['source-address'];
  if (sourceAddress !== undefined && isIP(sourceAddress) === 0) {
    throw new UsageError(
      `--source-address must be an IPv4 or IPv6 address of this machine, not "${sourceAddress}".`,
    );
  }
  return {
    command: command as Command,
    region: values.region,
    sourceAddress,
    billing: { action: positionals[1], email: values.email, plan: values.plan },
    client: { file: values.file, prune: values.prune, url: values.url, apiKey: values['api-key'] },
  };
}

function refuseSqlite(command: Command, config: Config): void {
  if ((command === 'serve' || command === 'worker') && config.database.dialect === 'sqlite') {
    throw new UsageError(
      `${command} needs PostgreSQL (set DATABASE_URL=postgres://…) so several processes can share one database. On SQLite, run "upwatch start", which runs everything in one process.`,
    );
  }
}

/** `upwatch import …` talks to a running server's API: no database, no server config. */
async function runImport(argv: string[]): Promise<void> {
  try {
    await runImportCommand(argv, loadClientEnvironment(false), (line) => process.stdout.write(`${line}\n`));
  } catch (err) {
    if (!(err instanceof ImportCommandError)) throw err;
    process.stderr.write(`upwatch: ${err.message}\n`);
    process.exit(1);
  }
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'import') return runImport(argv.slice(1));
  let logger: Logger | undefined;
  let server: typeof import('./run-server.ts') | undefined;
  try {
    const parsed = parseCommand(argv);
    if ((CLIENT_COMMANDS as readonly string[]).includes(parsed.command)) {
      // A client of some Upwatch: it needs no database or server settings of its own.
      await runConfigCommand(
        { command: parsed.command as ClientCommand, ...parsed.client },
        loadClientEnvironment(process.stdout.isTTY === true),
        { out: (text) => process.stdout.write(text), progress: (text) => process.stderr.write(`${text}\n`) },
      );
      return;
    }
    const loaded = loadConfig();
    const config = parsed.sourceAddress ? { ...loaded, sourceAddress: parsed.sourceAddress } : loaded;
    refuseSqlite(parsed.command, config);
    if (config.sourceAddress && parsed.command !== 'migrate' && parsed.command !== 'billing') {
      await refuseForeignAddress(
        config.sourceAddress,
        parsed.sourceAddress ? '--source-address' : 'SOURCE_ADDRESS',
      );
    }
    logger = createLogger(parsed.command === 'billing' ? 'warn' : config.logLevel);
    server = await import('./run-server.ts');
    await server.runServer(
      { ...parsed, command: parsed.command as ServerCommand['command'] },
      config,
      logger,
    );
  } catch (err) {
    if (err instanceof UsageError && err.exitCode === 0) {
      // Asked-for help is the answer, not an error: stdout, and success.
      process.stdout.write(`${err.message}\n`);
      process.exit(0);
    }
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err instanceof ConfigCommandError ||
      err instanceof LocalAddressError ||
      server?.isServerRefusal(err)
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
