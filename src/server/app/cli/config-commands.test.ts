// `upwatch plan | apply | export` as real child processes against a real server on 127.0.0.1,
// authorised by an API key, on the database of the run (SQLite, or PostgreSQL).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createUser } from '../../test/factories.ts';
import { listen } from '../../test/listen.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runUpwatch } from '../../test/upwatch-process.ts';

/** A `${NAME}` reference as the file writes it. */
const ref = (name: string) => `\${${name}}`;
const SLACK_URL = 'https://hooks.example.com/services/T000/B000/XXXXSECRET';

let t: TestApp;
let server: { url: string; close(): Promise<void> };
let dir: string;
beforeEach(async () => {
  t = await createTestApp();
  server = await listen(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'upwatch-config-'));
});
afterEach(async () => {
  await server.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A pro workspace and an API key for it, made as its owner would in the app. */
async function workspaceKey(role: 'member' | 'viewer' = 'member'): Promise<string> {
  const user = await createUser(t.auth);
  await t.grant(user.id, 'pro');
  const response = await t.request('/api/v1/api-keys', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'CI', role }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/** An export of a workspace with nothing in it: every section there, and empty. */
function emptyFile(yaml: string): boolean {
  const file = parse(yaml) as Record<string, object>;
  return 'monitors' in file && Object.values(file).every((section) => Object.keys(section).length === 0);
}

function writeFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function upwatch(args: string[], key: string, env: Record<string, string> = {}) {
  return runUpwatch(args, { UPWATCH_URL: server.url, UPWATCH_API_KEY: key, ...env });
}

const FILE = `# yaml-language-server: $schema=http://localhost:3000/api/v1/config/schema.json
alertChannels:
  ops:
    kind: slack
    name: "#ops"
    config:
      url: \${OPS_SLACK_URL}
monitors:
  api:
    name: API
    url: https://api.example.com/health
    timeoutSeconds: 10
    alerts: [ops]
`;

describe('upwatch plan and apply', () => {
  it('plans without writing, applies, and then has nothing left to plan; the secret never shows', async () => {
    const key = await workspaceKey();
    // A secret may sit in any field, not only a channel's: it never shows either.
    const text = FILE.replace(
      '    timeoutSeconds: 10\n',
      `    timeoutSeconds: 10\n    headers:\n      authorization: Bearer ${ref('API_TOKEN')}\n`,
    );
    const file = writeFile('upwatch.yaml', text);
    const env = { OPS_SLACK_URL: SLACK_URL, API_TOKEN: 'TOKENSECRET' };

    const plan = await upwatch(['plan', '-f', file], key, env);
    expect(plan.code, plan.stderr).toBe(0);
    const heads = plan.stdout.split('\n').filter((line) => /^(create|update|delete) /.test(line));
    expect(heads).toEqual(['create alertChannel ops ("#ops")', 'create monitor api ("API")']);
    expect(plan.stdout).toContain('    + timeoutSeconds = 10');
    expect(plan.stdout).toContain('    + config.url = (secret)');
    expect(plan.stdout).toContain(`    + headers = {"authorization":"Bearer ${ref('API_TOKEN')}"}`);
    expect(plan.stderr).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    // Colour only for a terminal; the test's stdout is a pipe.
    expect(plan.stdout).not.toContain('\u001b[');
    expect(`${plan.stdout}${plan.stderr}`).not.toMatch(/XXXXSECRET|TOKENSECRET/);

    const exported = await upwatch(['export'], key);
    expect(emptyFile(exported.stdout)).toBe(true);

    const applied = await upwatch(['apply', '-f', file], key, env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('Applied: 2 to create, 0 to update, 0 to delete.');
    expect(`${applied.stdout}${applied.stderr}`).not.toMatch(/XXXXSECRET|TOKENSECRET/);

    const again = await upwatch(['plan', '-f', file], key, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('No changes');

    writeFile('upwatch.yaml', text.replace('timeoutSeconds: 10', 'timeoutSeconds: 20'));
    const changed = await upwatch(['plan', '-f', file], key, env);
    expect(changed.stdout).toBe('update monitor api ("API")\n    ~ timeoutSeconds: 10 → 20\n');
  }, 60_000);

  it('plans with a viewer key, as a pull request would, which cannot apply', async () => {
    const key = await workspaceKey('viewer');
    const file = writeFile('upwatch.yaml', FILE);
    const env = { OPS_SLACK_URL: SLACK_URL };
    const plan = await upwatch(['plan', '-f', file], key, env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    const applied = await upwatch(['apply', '-f', file], key, env);
    expect(applied.code).not.toBe(0);
    expect(applied.stderr).toContain('forbidden_role');
    expect(emptyFile((await upwatch(['export'], key)).stdout)).toBe(true);
  }, 60_000);

  it('exports a file that, applied to an empty workspace, exports the same again', async () => {
    const [source, target] = [await workspaceKey(), await workspaceKey()];
    const seeded = await upwatch(['apply', '-f', writeFile('upwatch.yaml', FILE)], source, {
      OPS_SLACK_URL: SLACK_URL,
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    const exported = await upwatch(['export'], source);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(
      /^# yaml-language-server: \$schema=http:\/\/127\.0\.0\.1:\d+\/api\/v1\/config\/schema\.json\n/,
    );
    expect(exported.stdout).not.toContain('XXXXSECRET');
    expect(exported.stdout).toContain(`url: ${ref('OPS_URL')}`);

    const copy = writeFile('exported.yaml', exported.stdout);
    const applied = await upwatch(['apply', '-f', copy], target, { OPS_URL: SLACK_URL });
    expect(applied.code, applied.stderr).toBe(0);
    expect((await upwatch(['export'], target)).stdout).toBe(exported.stdout);
  }, 60_000);

  it('names the line and field of an invalid file, and of a variable that is not set', async () => {
    const key = await workspaceKey();
    const bad = writeFile('bad.yaml', FILE.replace('https://api.example.com/health', 'not a url'));
    const invalid = await upwatch(['plan', '-f', bad], key, { OPS_SLACK_URL: SLACK_URL });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(new RegExp(`^upwatch: ${bad}:11: monitors\\.api\\.url: `, 'm'));

    const typo = writeFile('typo.yaml', FILE.replace('timeoutSeconds: 10', 'timeoutSecond: 10'));
    const unknown = await upwatch(['plan', '-f', typo], key, { OPS_SLACK_URL: SLACK_URL });
    expect(unknown.stderr).toContain(
      `upwatch: ${typo}:12: monitors.api.timeoutSecond: upwatch.yaml has no such field here.`,
    );

    const unset = await upwatch(['plan', '-f', writeFile('upwatch.yaml', FILE)], key);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(
      `:7: alertChannels.ops.config.url: ${ref('OPS_SLACK_URL')} is not set in the environment.`,
    );

    const broken = writeFile('broken.yaml', 'monitors:\n  api: [\n');
    const syntax = await upwatch(['plan', '-f', broken], key);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(new RegExp(`^upwatch: ${broken}:\\d+: `, 'm'));
  }, 60_000);

  it('reports every mistake of a file, each with its line and path, in file order', async () => {
    const key = await workspaceKey();
    const text = FILE.replace('https://api.example.com/health', 'not a url')
      .replace('timeoutSeconds: 10', 'timeoutSeconds: 999')
      .replace('monitors:\n', 'monitors:\n  beat:\n    kind: heartbeat\n    name: Nightly\n');
    const bad = writeFile('bad.yaml', text);
    const result = await upwatch(['plan', '-f', bad], key);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(`upwatch: 4 mistakes in ${bad}:`);
    expect(lines.slice(1)).toEqual([
      `${bad}:7: alertChannels.ops.config.url: ${ref('OPS_SLACK_URL')} is not set in the environment.`,
      `${bad}:9: monitors.beat.periodSeconds: Give either periodSeconds or cron.`,
      expect.stringMatching(new RegExp(`^${bad}:14: monitors\\.api\\.url: `)),
      `${bad}:15: monitors.api.timeoutSeconds: The timeout can be at most 60 seconds.`,
    ]);
  }, 60_000);

  it('exports only what differs from the defaults, and plans the export with its webhook secret unset', async () => {
    const key = await workspaceKey();
    const file = writeFile(
      'upwatch.yaml',
      `alertChannels:
  hook:
    kind: webhook
    name: Deploy hook
    config:
      url: https://hooks.example.com/upwatch
monitors:
  beat:
    kind: heartbeat
    name: Nightly
    periodSeconds: 86400
  site:
    name: Site
    url: https://site.example.com
    intervalMinutes: 10
    alerts: [hook]
`,
    );
    const applied = await upwatch(['apply', '-f', file], key);
    expect(applied.code, applied.stderr).toBe(0);
    const exported = await upwatch(['export'], key);
    expect(exported.code, exported.stderr).toBe(0);
    const monitors = (parse(exported.stdout) as { monitors: Record<string, Record<string, unknown>> })
      .monitors;
    expect(monitors.beat).toEqual({ kind: 'heartbeat', name: 'Nightly', periodSeconds: 86400 });
    expect(monitors.site).toEqual({
      kind: 'http',
      name: 'Site',
      url: 'https://site.example.com',
      intervalMinutes: 10,
      alerts: ['hook'],
    });
    expect(exported.stdout).toContain(`secret: ${ref('HOOK_SECRET')}`);

    const copy = writeFile('exported.yaml', exported.stdout);
    const planned = await upwatch(['plan', '-f', copy], key);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toBe('');
    expect(planned.stderr).toContain(
      `alertChannels.hook.config.secret: ${ref('HOOK_SECRET')} is not set, so the stored secret stays.`,
    );
    expect(planned.stderr).toContain('No changes: the workspace matches the file.');
    expect((await upwatch(['apply', '-f', copy], key)).code).toBe(0);

    // A new channel has no stored secret to keep.
    const renamed = writeFile('renamed.yaml', exported.stdout.replace(/^ {2}hook:/m, '  hook2:'));
    const refused = await upwatch(['apply', '-f', renamed], key);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `alertChannels.hook2.config.secret: ${ref('HOOK_SECRET')} is not set in the environment, and the channel is new, so there is no stored secret to keep.`,
    );
  }, 60_000);

  it('plans a performance site with its RUM settings, then a changed sample rate as one line', async () => {
    const key = await workspaceKey();
    const text = `performanceSites:
  home:
    name: Shop home
    url: https://shop.example.com/
    budgets:
      - { source: field, metric: inp, limit: 200 }
    rum:
      enabled: true
      routes: [/p/:id]
`;
    const file = writeFile('upwatch.yaml', text);
    const plan = await upwatch(['plan', '-f', file], key);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toBe(
      [
        'create performanceSite home ("Shop home")',
        '    + name = "Shop home"',
        '    + url = "https://shop.example.com/"',
        '    + device = "mobile"',
        '    + monitor = null',
        '    + budgets = [{"source":"field","metric":"inp","limit":200,"window":"28d","consecutiveHours":3,"minPageViews":100}]',
        '    + rum = {"enabled":true,"sampleRate":1,"allowedOrigins":["https://shop.example.com"],"routes":["/p/:id"]}',
        '',
      ].join('\n'),
    );
    expect((await upwatch(['apply', '-f', file], key)).code).toBe(0);
    writeFile('upwatch.yaml', text.replace('enabled: true', 'enabled: true\n      sampleRate: 0.5'));
    const changed = await upwatch(['plan', '-f', file], key);
    expect(changed.stdout).toBe('update performanceSite home ("Shop home")\n    ~ rum.sampleRate: 1 → 0.5\n');
    expect(changed.stderr).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
  }, 60_000);

  it("exits non-zero with the server's refusal when the 101st monitor is over the plan, and creates none", async () => {
    const key = await workspaceKey();
    const monitors = Array.from(
      { length: 101 },
      (_, i) => `  site-${i}:\n    name: Site ${i}\n    url: https://s${i}.example.com\n`,
    ).join('');
    const refused = await upwatch(['apply', '-f', writeFile('many.yaml', `monitors:\n${monitors}`)], key);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /You've reached your monitor limit on the Pro plan .*\(monitor_limit_reached, HTTP 403\)/,
    );
    expect(emptyFile((await upwatch(['export'], key)).stdout)).toBe(true);
  }, 60_000);

  it('refuses a key it cannot use, and a missing server address', async () => {
    const wrongKey = await upwatch(['export'], 'uw_live_not-a-key');
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/^upwatch: .*HTTP 401\)$/m);
    const noUrl = await runUpwatch(['export'], { UPWATCH_API_KEY: 'x' });
    expect(noUrl.stderr).toBe('upwatch: Set UPWATCH_URL (or --url) to the Upwatch to talk to.\n');
  }, 60_000);
});
