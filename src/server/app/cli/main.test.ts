import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, runUpwatch, startUpwatch } from '../../test/upwatch-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0] ?? '';
}

describe('upwatch --help', () => {
  it('prints the commands under Commands: to stdout and exits 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const { code, stdout, stderr } = await runUpwatch(args, { DATA_DIR: dataDir });
      expect(code, stderr).toBe(0);
      expect(stderr).toBe('');
      const [commands = '', options = ''] = stdout.split('\nOptions:\n');
      expect(commands).toMatch(/^Usage: upwatch <command>/);
      for (const command of [
        'start',
        'serve',
        'worker',
        'migrate',
        'billing grant',
        'plan',
        'apply',
        'export',
        'import',
      ])
        expect(commands).toMatch(new RegExp(`\\n  ${command} `));
      expect(options).toContain('--source-address IP');
      expect(options).not.toMatch(/^ {2}(migrate|plan|export) /m);
    }
  });
});

describe('upwatch start refuses a source address the machine does not have', () => {
  it.each([
    ['--source-address', ['start', '--source-address', '192.0.2.77'], {}],
    ['SOURCE_ADDRESS', ['start'], { SOURCE_ADDRESS: '192.0.2.77' }],
  ])('names %s in one line and exits 1', async (setting, args, env) => {
    const { code, stderr } = await runUpwatch(args as string[], { DATA_DIR: dataDir, ...env });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toMatch(
      new RegExp(
        `^upwatch: Invalid ${setting}: 192\\.0\\.2\\.77 is not an address of this machine \\(EADDRNOTAVAIL\\)`,
      ),
    );
  });
});

describe('upwatch start refuses bad configuration', () => {
  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '99999' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/upwatch' }],
    ['DEFAULT_PLAN', { DEFAULT_PLAN: 'enterprise' }],
  ])('exits non-zero with one line naming %s', async (variable, env) => {
    const { code, stderr } = await runUpwatch(['start'], { DATA_DIR: dataDir, ...env });
    expect(code).not.toBe(0);
    expect(oneLine(stderr)).toMatch(new RegExp(`^upwatch: Invalid ${variable}: `));
  });

  it('reads .env from the working directory', async () => {
    writeFileSync(path.join(dataDir, '.env'), 'PORT=from-dot-env\n');
    const { code, stderr } = await runUpwatch(['start'], { DATA_DIR: dataDir }, dataDir);
    expect(code).toBe(1);
    expect(oneLine(stderr)).toBe(
      'upwatch: Invalid PORT: must be a port number between 1 and 65535 (got "from-dot-env")',
    );
  });

  it('names DATABASE_URL when PostgreSQL cannot be reached', async () => {
    const port = await freePort();
    const { code, stderr } = await runUpwatch(['start'], {
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/nothing`,
    });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toMatch(/^upwatch: Cannot open the database at DATABASE_URL: .*ECONNREFUSED/);
  });
});

describe('processes that need PostgreSQL', () => {
  it.each(['serve', 'worker'])('upwatch %s on SQLite refuses with a clear message', async (command) => {
    const { code, stderr } = await runUpwatch([command], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toBe(
      `upwatch: ${command} needs PostgreSQL (set DATABASE_URL=postgres://…) so several processes can share one database. On SQLite, run "upwatch start", which runs everything in one process.`,
    );
  });
});

describe('upwatch migrate', () => {
  it('creates the SQLite database under DATA_DIR and is idempotent', async () => {
    expect((await runUpwatch(['migrate'], { DATA_DIR: dataDir })).code).toBe(0);
    const again = await runUpwatch(['migrate'], { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('database is up to date');
    expect(again.stdout).not.toContain('migrations applied');
  });
});

describe('restarts', () => {
  it('keeps accounts and sessions across a restart (data and secret.key on disk)', {
    timeout: 30_000,
  }, async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    const first = await startUpwatch(['start'], env, port);
    let cookie = '';
    try {
      const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({
          name: 'Restart',
          email: 'restart@example.test',
          password: 'restart password',
        }),
      });
      expect(signUp.status).toBe(200);
      cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    } finally {
      expect((await first.stop()).code).toBe(0);
    }

    const grant = ['billing', 'grant', '--email', 'restart@example.test', '--plan', 'pro'];
    const granted = await runUpwatch(grant, env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain('Granted Pro to restart@example.test (manual grant, no payment)');
    const nobody = await runUpwatch(['billing', 'show', '--email', 'nobody@example.test'], env);
    expect(nobody.code).toBe(1);
    expect(oneLine(nobody.stderr)).toBe('upwatch: No user with email nobody@example.test');

    const second = await startUpwatch(['start'], env, port);
    try {
      const me = await fetch(`${second.url}/api/v1/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe('restart@example.test');
      const plan = await fetch(`${second.url}/api/v1/me/plan`, { headers: { cookie } });
      expect((await plan.json()).plan).toBe('pro');
    } finally {
      await second.stop();
    }
  });
});

describe('upwatch start with METRICS_TOKEN', () => {
  it('serves its own figures at /internal/metrics to the token, and 404 to anyone else', {
    timeout: 60_000,
  }, async () => {
    const token = 'scrape-me-please-0123';
    const running = await startUpwatch(
      ['start'],
      { DATA_DIR: dataDir, METRICS_TOKEN: token },
      await freePort(),
    );
    try {
      const scraped = await fetch(`${running.url}/internal/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toContain('# TYPE upwatch_checks_started_total counter');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`${running.url}/internal/metrics`)).status).toBe(404);
    } finally {
      await running.stop();
    }
  });
});
