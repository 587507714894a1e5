import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

function failure(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('counts 4 changes in 30 minutes as flapping unless told otherwise', () => {
    expect(parseConfig({}).flapPolicy).toEqual({ changes: 4, windowMs: 30 * 60_000 });
    expect(parseConfig({ FLAP_CHANGES: '6', FLAP_WINDOW_MINUTES: '60' }).flapPolicy).toEqual({
      changes: 6,
      windowMs: 60 * 60_000,
    });
    expect(failure({ FLAP_CHANGES: '1' })).toBe(
      'Invalid FLAP_CHANGES: must be a whole number from 2 to 50 (got "1")',
    );
  });

  it("looks registries up in IANA's RDAP bootstrap file unless told otherwise", () => {
    expect(parseConfig({}).rdapBootstrapUrl).toBe('https://data.iana.org/rdap/dns.json');
    const mirror = 'http://rdap-mirror.internal:8080/dns.json';
    expect(parseConfig({ RDAP_BOOTSTRAP_URL: mirror }).rdapBootstrapUrl).toBe(mirror);
    expect(failure({ RDAP_BOOTSTRAP_URL: 'ftp://data.iana.org/rdap/dns.json' })).toBe(
      'Invalid RDAP_BOOTSTRAP_URL: must be an http:// or https:// URL (got "ftp://data.iana.org/rdap/dns.json")',
    );
  });

  it("looks custom domains' TXT records up through the system resolver unless DNS_RESOLVER names one", () => {
    expect(parseConfig({}).dnsResolver).toBeUndefined();
    expect(parseConfig({ DNS_RESOLVER: '127.0.0.1:5353' }).dnsResolver).toEqual({
      address: '127.0.0.1',
      port: 5353,
    });
    expect(parseConfig({ DNS_RESOLVER: '1.1.1.1' }).dnsResolver).toEqual({ address: '1.1.1.1', port: 53 });
    expect(failure({ DNS_RESOLVER: 'dns.example.com' })).toBe(
      'Invalid DNS_RESOLVER: must be an IP address with an optional port, e.g. 1.1.1.1 or 127.0.0.1:5353 (got "dns.example.com")',
    );
  });

  it('lets one address try 10 sign-ins or sign-ups a minute unless told otherwise', () => {
    expect(parseConfig({}).authAttemptsPerMinute).toBe(10);
    expect(parseConfig({ AUTH_ATTEMPTS_PER_MINUTE: '200' }).authAttemptsPerMinute).toBe(200);
    expect(failure({ AUTH_ATTEMPTS_PER_MINUTE: '0' })).toBe(
      'Invalid AUTH_ATTEMPTS_PER_MINUTE: must be a whole number from 1 to 1000 (got "0")',
    );
  });

  it('reads DEFAULT_PLAN (free by default) and refuses an unknown plan or one the hosted API sells', () => {
    expect(parseConfig({ DEFAULT_PLAN: 'pro' }).billing).toEqual({ kind: 'local', defaultPlan: 'pro' });
    expect(parseConfig({ DEFAULT_PLAN: 'starter' }).billing).toEqual({
      kind: 'local',
      defaultPlan: 'starter',
    });
    expect(failure({ DEFAULT_PLAN: 'enterprise' })).toBe(
      'Invalid DEFAULT_PLAN: must be one of free, starter, pro (got "enterprise")',
    );
    expect(failure({ BILLING_PROVIDER: 'autumn', AUTUMN_SECRET_KEY: 'am_sk_1', DEFAULT_PLAN: 'pro' })).toBe(
      'Invalid DEFAULT_PLAN: with BILLING_PROVIDER=autumn the hosted API sells the plans, so pro cannot be given away here; leave DEFAULT_PLAN unset or free',
    );
    expect(
      parseConfig({ BILLING_PROVIDER: 'autumn', AUTUMN_SECRET_KEY: 'am_sk_1', DEFAULT_PLAN: 'free' }).billing
        .kind,
    ).toBe('autumn');
  });

  it('bills locally by default; the hosted provider needs its secret key', () => {
    expect(parseConfig({}).billing).toEqual({ kind: 'local', defaultPlan: 'free' });
    expect(failure({ BILLING_PROVIDER: 'autumn' })).toBe(
      'Invalid AUTUMN_SECRET_KEY: BILLING_PROVIDER=autumn needs the hosted API secret key',
    );
    expect(parseConfig({ BILLING_PROVIDER: 'autumn', AUTUMN_SECRET_KEY: 'am_sk_1' }).billing).toEqual({
      kind: 'autumn',
      apiUrl: 'https://api.useautumn.com/v1',
      secretKey: 'am_sk_1',
    });
    expect(failure({ BILLING_PROVIDER: 'stripe' })).toBe(
      'Invalid BILLING_PROVIDER: must be local or autumn (got "stripe")',
    );
  });

  it('defaults to SQLite in ./data on port 3000 with a localhost public URL', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/upwatch.db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.github).toBeUndefined();
    expect(config.testMode).toBe(false);
  });

  it('derives the default public URL from PORT and trims a trailing slash from PUBLIC_URL', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://up.example.com/' }).publicUrl).toBe('https://up.example.com');
  });

  it('reads PostgreSQL and SQLite database URLs', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@db:5432/up' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/up',
    });
    expect(parseConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/x.db',
    });
  });

  it('names the bad variable in one line', () => {
    for (const [env, variable] of [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
      [{ SECRET_KEY: 'short' }, 'SECRET_KEY'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ UPWATCH_TEST_MODE: 'yes' }, 'UPWATCH_TEST_MODE'],
      [{ SOURCE_ADDRESS: 'eu-west' }, 'SOURCE_ADDRESS'],
    ] as const) {
      const message = failure(env);
      expect(message.startsWith(`Invalid ${variable}:`), message).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it("leaves checks from the system's choice of address unless SOURCE_ADDRESS names one", () => {
    expect(parseConfig({}).sourceAddress).toBeUndefined();
    expect(parseConfig({ SOURCE_ADDRESS: '127.0.0.2' }).sourceAddress).toBe('127.0.0.2');
    expect(parseConfig({ SOURCE_ADDRESS: '2001:db8::7' }).sourceAddress).toBe('2001:db8::7');
  });

  it('refuses test mode in production and a half-configured GitHub sign-in', () => {
    expect(failure({ UPWATCH_TEST_MODE: 'true', NODE_ENV: 'production' })).toMatch(
      /^Invalid UPWATCH_TEST_MODE/,
    );
    expect(failure({ GITHUB_CLIENT_ID: 'abc' })).toMatch(/^Invalid GITHUB_CLIENT_SECRET/);
    expect(parseConfig({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b' }).github).toEqual({
      clientId: 'a',
      clientSecret: 'b',
    });
  });

  it('keeps mail in the outbox unless SMTP_URL is set, sending from MAIL_FROM', () => {
    expect(parseConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Upwatch <alerts@localhost>' });
    expect(
      parseConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465', MAIL_FROM: 'Ops <ops@example.com>' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://user:pw@mail.example.com:465', from: 'Ops <ops@example.com>' });
    expect(failure({ SMTP_URL: 'http://mail.example.com' })).toBe(
      'Invalid SMTP_URL: must be an smtp:// or smtps:// URL (got "http://mail.example.com")',
    );
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
