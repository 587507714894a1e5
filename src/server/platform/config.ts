// The only reader of process.env: everything else receives a Config.
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseResolver } from '../../core/api/monitor-kinds/dns.ts';
import type { ProviderUrls } from '../../core/channels/delivery.ts';
import { HOSTED_URLS, type HostedUrlEnv } from '../../core/channels/registry.ts';
import { PLAN_IDS, type PlanId } from '../../core/plans.ts';
import { AUTUMN_DEFAULT_API_URL } from './provider-urls.ts';
import { PING_GATHER_MS } from './timing.ts';

export const RDAP_DEFAULT_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const databaseUrl = z
  .string()
  .optional()
  .refine(
    (value) => value === undefined || value === '' || /^(postgres(ql)?|sqlite|file):/.test(value),
    'must start with postgres://, postgresql://, sqlite: or file:',
  );

/** The hosted alert providers' API bases, one variable each (TELEGRAM_API_URL…), as the channels' descriptors name them. */
const providerUrl = (fallback: string) =>
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default(fallback);
const providerUrlVariables = Object.fromEntries(
  Object.values(HOSTED_URLS).map((setting) => [setting.env, providerUrl(setting.default)]),
) as Record<HostedUrlEnv, ReturnType<typeof providerUrl>>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number between 1 and 65535' })
    .int('must be a port number between 1 and 65535')
    .min(1, 'must be a port number between 1 and 65535')
    .max(65535, 'must be a port number between 1 and 65535')
    .default(3000),
  HOST: z
    .string()
    .refine(
      (value) =>
        isIP(value) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value),
      'must be an IP address or host name of this machine, e.g. 127.0.0.1, :: or localhost',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPWATCH_TEST_MODE: booleanString,
  TRUST_PROXY: booleanString,
  ALLOW_PRIVATE_TARGETS: booleanString,
  CHECK_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 1024' })
    .int('must be a whole number from 1 to 1024')
    .min(1, 'must be a whole number from 1 to 1024')
    .max(1024, 'must be a whole number from 1 to 1024')
    .default(64),
  CONFIRMATION_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be a number of seconds')
    .max(300, 'can be at most 300 seconds')
    .default(15),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(10),
  FLAP_CHANGES: z.coerce
    .number({ error: 'must be a whole number from 2 to 50' })
    .int('must be a whole number from 2 to 50')
    .min(2, 'must be a whole number from 2 to 50')
    .max(50, 'must be a whole number from 2 to 50')
    .default(4),
  FLAP_WINDOW_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes from 1 to 1440' })
    .int('must be a number of minutes from 1 to 1440')
    .min(1, 'must be a number of minutes from 1 to 1440')
    .max(1440, 'must be a number of minutes from 1 to 1440')
    .default(30),
  BILLING_PROVIDER: z.enum(['local', 'autumn'], { error: 'must be local or autumn' }).default('local'),
  DEFAULT_PLAN: z.enum(PLAN_IDS, { error: `must be one of ${PLAN_IDS.join(', ')}` }).default('free'),
  AUTUMN_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  AUTUMN_SECRET_KEY: z.string().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Upwatch <alerts@localhost>'),
  EXTRA_CA_FILE: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SOURCE_ADDRESS: z
    .string()
    .refine((value) => isIP(value) !== 0, 'must be an IPv4 or IPv6 address of this machine')
    .optional(),
  RDAP_BOOTSTRAP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default(RDAP_DEFAULT_BOOTSTRAP_URL),
  DNS_RESOLVER: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || parseResolver(value.trim()) !== null,
      'must be an IP address with an optional port, e.g. 1.1.1.1 or 127.0.0.1:5353',
    ),
  CHROME_PATH: z.string().min(1).default('/usr/bin/chromium'),
  ...providerUrlVariables,
  PERFORMANCE_TIME_LIMIT_SECONDS: z.coerce.number().int().min(10).max(600).default(90),
});

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** The address the HTTP server listens on; undefined: every interface. */
  host: string | undefined;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  /** Unset means: generate once into DATA_DIR/secret.key (see secret.ts). */
  secretKey: string | undefined;
  logLevel: string;
  testMode: boolean;
  /** Behind a reverse proxy: the client is the last address it appended to X-Forwarded-For. */
  trustProxy: boolean;
  /** Lets monitors target loopback and private networks (self-hosting, tests). */
  allowPrivateTargets: boolean;
  /** Checks one worker runs at once. */
  checkConcurrency: number;
  /** A failure is re-checked after this long before a monitor turns down. */
  confirmationDelayMs: number;
  /** Sign-ins and sign-ups one client address may attempt per minute. */
  authAttemptsPerMinute: number;
  /** This many status changes within the window mark a monitor flapping (incidents, alerts). */
  flapPolicy: { changes: number; windowMs: number };
  /** How long a heartbeat ping waits for others to be stored in one transaction with it (ping-queue.ts). */
  pingGatherMs: number;
  github: { clientId: string; clientSecret: string } | undefined;
  /**
   * Who keeps the books: the embedded engine, or the hosted API (forwarded). The embedded one
   * may grant every workspace a plan without payment (DEFAULT_PLAN).
   */
  billing: { kind: 'local'; defaultPlan?: PlanId } | { kind: 'autumn'; apiUrl: string; secretKey: string };
  /** No SMTP URL: mail is kept in the outbox table and shown in the app instead of sent. */
  mail: MailConfig;
  /** PEM file of roots trusted besides Node's bundled ones (checks and certificate checks). */
  extraCaFile: string | undefined;
  /** The local address every outbound connection leaves from (a worker's egress address). */
  sourceAddress: string | undefined;
  /** Turns on GET /internal/metrics for bearers of this token. */
  metricsToken: string | undefined;
  /** IANA's RDAP bootstrap file for domains (dns.json): which RDAP server answers for each TLD. */
  rdapBootstrapUrl: string;
  /** Where custom domains' TXT records are looked up; undefined: the system's resolver. */
  dnsResolver: { address: string; port: number } | undefined;
  /** Lighthouse runs: the Chromium executable and the time limit of one run. */
  performance: { chromePath: string; timeLimitMs: number };
  /** Hosted alert providers' API bases: the real services unless an operator points elsewhere. */
  alertProviders: ProviderUrls;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function databaseFrom(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'upwatch.db') };
  if (url.startsWith('postgres')) return { dialect: 'postgres', url };
  return { dialect: 'sqlite', file: url.replace(/^(sqlite|file):(\/\/)?/, '') };
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    const shown = typeof variable === 'string' ? env[variable] : undefined;
    throw new ConfigError(
      `Invalid ${variable}: ${issue?.message ?? 'invalid value'}${shown === undefined ? '' : ` (got "${shown}")`}`,
    );
  }
  const vars = parsed.data;
  if (vars.UPWATCH_TEST_MODE && vars.NODE_ENV === 'production') {
    throw new ConfigError('Invalid UPWATCH_TEST_MODE: test mode is refused when NODE_ENV=production');
  }
  if (vars.CONFIRMATION_DELAY_SECONDS < 5 && !vars.UPWATCH_TEST_MODE) {
    throw new ConfigError('Invalid CONFIRMATION_DELAY_SECONDS: below 5 seconds needs UPWATCH_TEST_MODE=true');
  }
  if (Boolean(vars.GITHUB_CLIENT_ID) !== Boolean(vars.GITHUB_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid GITHUB_CLIENT_SECRET: set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither',
    );
  }
  if (vars.BILLING_PROVIDER === 'autumn' && !vars.AUTUMN_SECRET_KEY) {
    throw new ConfigError(
      'Invalid AUTUMN_SECRET_KEY: BILLING_PROVIDER=autumn needs the hosted API secret key',
    );
  }
  if (vars.BILLING_PROVIDER === 'autumn' && vars.DEFAULT_PLAN !== 'free') {
    throw new ConfigError(
      `Invalid DEFAULT_PLAN: with BILLING_PROVIDER=autumn the hosted API sells the plans, so ${vars.DEFAULT_PLAN} cannot be given away here; leave DEFAULT_PLAN unset or free`,
    );
  }
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    database: databaseFrom(vars.DATABASE_URL, path.resolve(vars.DATA_DIR)),
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    secretKey: vars.SECRET_KEY,
    logLevel: vars.LOG_LEVEL,
    testMode: vars.UPWATCH_TEST_MODE,
    trustProxy: vars.TRUST_PROXY,
    allowPrivateTargets: vars.ALLOW_PRIVATE_TARGETS,
    checkConcurrency: vars.CHECK_CONCURRENCY,
    confirmationDelayMs: vars.CONFIRMATION_DELAY_SECONDS * 1000,
    authAttemptsPerMinute: vars.AUTH_ATTEMPTS_PER_MINUTE,
    flapPolicy: { changes: vars.FLAP_CHANGES, windowMs: vars.FLAP_WINDOW_MINUTES * 60_000 },
    // A cron job does not notice a tenth of a second; Upwatch does not need a knob for it.
    pingGatherMs: PING_GATHER_MS,
    github:
      vars.GITHUB_CLIENT_ID && vars.GITHUB_CLIENT_SECRET
        ? { clientId: vars.GITHUB_CLIENT_ID, clientSecret: vars.GITHUB_CLIENT_SECRET }
        : undefined,
    billing:
      vars.BILLING_PROVIDER === 'autumn'
        ? {
            kind: 'autumn',
            apiUrl: vars.AUTUMN_API_URL ?? AUTUMN_DEFAULT_API_URL,
            secretKey: vars.AUTUMN_SECRET_KEY ?? '',
          }
        : { kind: 'local', defaultPlan: vars.DEFAULT_PLAN },
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    extraCaFile: vars.EXTRA_CA_FILE ? path.resolve(vars.EXTRA_CA_FILE) : undefined,
    sourceAddress: vars.SOURCE_ADDRESS,
    metricsToken: vars.METRICS_TOKEN,
    rdapBootstrapUrl: vars.RDAP_BOOTSTRAP_URL,
    dnsResolver: vars.DNS_RESOLVER ? (parseResolver(vars.DNS_RESOLVER.trim()) ?? undefined) : undefined,
    performance: { chromePath: vars.CHROME_PATH, timeLimitMs: vars.PERFORMANCE_TIME_LIMIT_SECONDS * 1000 },
    alertProviders: Object.fromEntries(
      Object.entries(HOSTED_URLS).map(([kind, setting]) => [kind, vars[setting.env].replace(/\/+$/, '')]),
    ) as ProviderUrls,
  };
}

/** Reads `.env` (when present) into the environment, then parses it. */
export function loadConfig(envFile = '.env'): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}

/**
 * What the client commands (`upwatch plan | apply | export | import`) read, from `.env` when
 * present and the environment: where the server is, the API key, and the variables `${VAR}`
 * references in upwatch.yaml are filled in from. No server settings are needed.
 */
export function loadClientEnvironment(isTerminal: boolean, envFile = '.env') {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return {
    url: process.env.UPWATCH_URL || undefined,
    apiKey: process.env.UPWATCH_API_KEY || undefined,
    variables: { ...process.env },
    colour: isTerminal && !process.env.NO_COLOR,
  };
}

export type ClientEnvironment = ReturnType<typeof loadClientEnvironment>;
