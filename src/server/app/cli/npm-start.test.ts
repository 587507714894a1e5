// `npm start` stopped the way a supervisor stops it: SIGTERM to the process it started, npm. npm
// passes the signal on to the one process its script runs, so the server must be that process and
// stop, not be left answering after npm has gone. The package is a temporary copy of this one
// (package.json and scripts/ copied, the rest linked) with a web build newer than its sources, so
// `npm start` skips the build and runs exactly as it does for a user.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/upwatch-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const LINKED = ['bin', 'src', 'node_modules', 'vite.config.ts', 'package-lock.json'];
const DAY = 86_400_000;

let dir: string;
let npm: ChildProcess | undefined;
let started: number[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'upwatch-npm-start-'));
  const pkg = path.join(dir, 'pkg');
  mkdirSync(path.join(pkg, 'scripts'), { recursive: true });
  copyFileSync(path.join(ROOT, 'package.json'), path.join(pkg, 'package.json'));
  for (const name of readdirSync(path.join(ROOT, 'scripts')))
    copyFileSync(path.join(ROOT, 'scripts', name), path.join(pkg, 'scripts', name));
  for (const name of LINKED) symlinkSync(path.join(ROOT, name), path.join(pkg, name));
  const index = path.join(pkg, 'dist/web/index.html');
  mkdirSync(path.dirname(index), { recursive: true });
  writeFileSync(index, '<!doctype html>');
  const later = new Date(Date.now() + DAY);
  utimesSync(index, later, later);
});

afterEach(async () => {
  // Whatever the test left running (the orphaned server, before the fix) is stopped by its id.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  started = [];
  if (npm && npm.exitCode === null && npm.signalCode === null) await once(npm, 'close');
  npm = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Every process below `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const tasks = path.join('/proc', String(pid), 'task');
  if (!existsSync(tasks)) return [];
  const children = readdirSync(tasks).flatMap((tid) =>
    readFileSync(path.join(tasks, tid, 'children'), 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/public-config`).then(
    (response) => response.ok,
    () => false,
  );

/** Polls until `check` is true, for at most `ms`; whether it became true. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('npm start', () => {
  it('stops answering within 10 s of SIGTERM to npm, and npm exits', { timeout: 60_000 }, async () => {
    const port = await freePort();
    let output = '';
    npm = spawn('npm', ['start'], {
      cwd: path.join(dir, 'pkg'),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        npm_config_update_notifier: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (chunk) => (output += chunk));
    npm.stderr?.on('data', (chunk) => (output += chunk));
    const exited = once(npm, 'close');
    expect(await within(30_000, () => answers(port)), output).toBe(true);
    started = descendants(npm.pid ?? 0);
    expect(started.length, output).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    expect(await within(10_000, async () => !(await answers(port))), 'still answering after SIGTERM').toBe(
      true,
    );
    await exited;
    expect(output).not.toMatch(/vite|building/i);
  });
});
