// Runs the real `upwatch` binary as `npm start` does, for tests of start-up and restarts.
// Waits for 'close', not 'exit': only then has all of a child's output been read.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../../../bin/upwatch.js');

export interface Exit {
  code: number | null;
  stderr: string;
  stdout: string;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// The default cwd is a temp folder, so a developer's .env never leaks into a test.
function spawnUpwatch(
  args: string[],
  env: Record<string, string>,
  cwd = tmpdir(),
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command that is expected to exit by itself within 20 s. */
export async function runUpwatch(args: string[], env: Record<string, string>, cwd?: string): Promise<Exit> {
  const child = spawnUpwatch(args, env, cwd);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

export interface RunningUpwatch {
  url: string;
  pid: number;
  stop(): Promise<Exit>;
}

/**
 * Starts a long-running command and waits (bounded) until its HTTP server answers. `nodeArgs` go
 * to Node itself: Node 20 refuses flags such as --cpu-prof in NODE_OPTIONS.
 */
export async function startUpwatch(
  args: string[],
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<RunningUpwatch> {
  const child = spawnUpwatch(args, { ...env, PORT: String(port) }, tmpdir(), nodeArgs);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (let attempt = 0; attempt < 200 && Date.now() < deadline; attempt++) {
    if (child.exitCode !== null) throw new Error(`upwatch exited early (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${url}/api/v1/public-config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      return {
        url,
        pid: child.pid ?? 0,
        async stop() {
          const exited = once(child, 'close') as Promise<[number | null]>;
          child.kill('SIGTERM');
          const [code] = await exited;
          return { code, stdout, stderr };
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`upwatch did not start within 20 s: ${stderr}`);
}

/** Starts a command, waits (bounded) until its output contains `marker`, then stops it with SIGTERM. */
export async function spawnUntilLogged(
  args: string[],
  env: Record<string, string>,
  marker: string,
): Promise<Exit> {
  const child = spawnUpwatch(args, env);
  let stdout = '';
  let stderr = '';
  const exited = once(child, 'close') as Promise<[number | null]>;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`"${marker}" not logged within 20 s: ${stderr}`)),
      20_000,
    );
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited before "${marker}": ${stderr}`));
    });
  }).finally(() => child.kill('SIGTERM'));
  const [code] = await exited;
  return { code, stdout, stderr };
}

export interface UpwatchChild {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  /** Sends a signal and waits (bounded, 20 s) for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A long-running command (e.g. a worker) that the test stops itself. */
export function spawnLongRunning(args: string[], env: Record<string, string>): UpwatchChild {
  const child = spawnUpwatch(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'close') as Promise<[number | null]>;
  return {
    child,
    output: () => ({ stdout, stderr }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const [code] = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
