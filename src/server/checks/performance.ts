// The performance check: Lighthouse (performance category) in a child process, against Debian's
// Chromium launched with a fresh profile and every request sent through the SSRF-guarded proxy.
// Whatever happens (success, timeout, crash), Chromium's and the child's process groups are
// killed and the profile removed before the run returns.
import { type ChildProcess, fork } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import type { DeviceProfile, Opportunity, PerformanceMetrics } from '../../core/api/performance.ts';
import { removeNewLeftovers, snapshotLeftovers } from './chromium-leftovers.ts';
import type { LighthouseFigures, LighthouseJob, WorkerReply } from './performance-figures.ts';
import { startPerformanceProxy } from './performance-proxy.ts';
import type { CheckContext, CheckFailure, CheckResult, CheckRunner } from './types.ts';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';
export const DEFAULT_PERFORMANCE_TIME_LIMIT_MS = 90_000;

/** ENVIRONMENT.md's flags for headless Chromium running as root on these machines. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PerformanceCheckConfig {
  url: string;
  device: DeviceProfile;
  chromePath: string;
  /** Added to CHROMIUM_FLAGS (tests keep Chromium's own lookups on the machine). */
  extraChromeFlags?: readonly string[];
  timeLimitMs?: number;
}

export interface PerformanceCheckResult extends CheckResult {
  metrics: PerformanceMetrics | null;
  opportunities: Opportunity[];
  blockedRequests: string[];
}

const WORKER = fileURLToPath(new URL('./performance-worker.ts', import.meta.url));

class RunFailure extends Error {
  constructor(readonly failure: CheckFailure) {
    super(failure.message);
  }
}

async function assertChromium(chromePath: string): Promise<void> {
  try {
    await access(chromePath, constants.X_OK);
  } catch {
    throw new RunFailure({
      code: 'chromium_not_found',
      message: `Chromium was not found at ${chromePath}. Install it with "apt-get install -y --no-install-recommends chromium" or set CHROME_PATH to its executable.`,
    });
  }
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** Resolves once the process has exited, or after a second (it was sent SIGKILL). */
function exited(child: { exitCode: number | null; signalCode: string | null; once: ChildProcess['once'] }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function runLighthouse(job: LighthouseJob, signal: AbortSignal, spawned: (child: ChildProcess) => void) {
  return new Promise<LighthouseFigures>((resolve, reject) => {
    const child = fork(WORKER, [], {
      // tsx by its resolved address, so the child compiles the worker whatever the working directory.
      execArgv: ['--import', import.meta.resolve('tsx')],
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    spawned(child);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('message', (reply: WorkerReply) => {
      signal.removeEventListener('abort', onAbort);
      if (reply.ok) return resolve(reply.figures);
      reject(
        new RunFailure({
          code: 'lighthouse_failed',
          message: `Lighthouse could not measure the page: ${reply.message}`,
        }),
      );
    });
    child.once('exit', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      reject(
        new RunFailure({
          code: 'lighthouse_failed',
          message: `The Lighthouse process ended without a result (${sig ?? `exit code ${code}`}).`,
        }),
      );
    });
    child.send(job);
  });
}

function timeoutFailure(limitMs: number): CheckFailure {
  return {
    code: 'timeout',
    message: `The run did not finish within ${Math.round(limitMs / 1000)} s (the page may never finish loading); Chromium was stopped.`,
  };
}

async function measure(
  config: PerformanceCheckConfig,
  ctx: CheckContext,
  signal: AbortSignal,
  blocked: string[],
): Promise<LighthouseFigures> {
  await assertChromium(config.chromePath);
  const proxy = await startPerformanceProxy(ctx.guard);
  const profile = await mkdtemp(path.join(tmpdir(), 'upwatch-lighthouse-'));
  const leftovers = await snapshotLeftovers();
  let chrome: LaunchedChrome | undefined;
  let launching: Promise<LaunchedChrome> | undefined;
  let child: ChildProcess | undefined;
  try {
    launching = launch({
      chromePath: config.chromePath,
      chromeFlags: [
        ...CHROMIUM_FLAGS,
        ...(config.extraChromeFlags ?? []),
        `--proxy-server=${proxy.url}`,
        // Even loopback goes through the proxy, so the guard sees every request.
        '--proxy-bypass-list=<-loopback>',
      ],
      userDataDir: profile,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    chrome = await abortable(launching, signal);
    return await runLighthouse({ url: config.url, port: chrome.port, device: config.device }, signal, (c) => {
      child = c;
    });
  } finally {
    killGroup(child?.pid);
    if (child) await exited(child);
    chrome ??= await launching?.catch(() => undefined);
    killGroup(chrome?.pid);
    if (chrome) await exited(chrome.process);
    blocked.push(...proxy.blocked);
    await proxy.close();
    await rm(profile, { recursive: true, force: true });
    await removeNewLeftovers(leftovers);
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function failureOf(err: unknown, limitMs: number, timedOut: boolean): CheckFailure {
  if (timedOut) return timeoutFailure(limitMs);
  if (err instanceof RunFailure) return err.failure;
  const code = (err as { code?: unknown }).code;
  if (code === 'private_target') return { code: 'blocked_target', message: (err as Error).message };
  return { code: 'lighthouse_failed', message: err instanceof Error ? err.message : String(err) };
}

async function run(config: PerformanceCheckConfig, ctx: CheckContext): Promise<PerformanceCheckResult> {
  const startedAt = ctx.clock.now();
  const limitMs = config.timeLimitMs ?? DEFAULT_PERFORMANCE_TIME_LIMIT_MS;
  const stop = new AbortController();
  let timedOut = false;
  const timer = ctx.clock.setTimeout(() => {
    timedOut = true;
    stop.abort(new Error('time limit'));
  }, limitMs);
  const onShutdown = () => stop.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onShutdown, { once: true });
  const blockedRequests: string[] = [];
  const base = { startedAt, region: ctx.region, blockedRequests };
  try {
    // The page itself is vetted first, so a private target is named as such, not as a load error.
    await ctx.guard.vetUrl(config.url, stop.signal);
    const figures = await measure(config, ctx, stop.signal, blockedRequests);
    if (figures.runtimeError) {
      return {
        ...base,
        status: 'down',
        failure: { code: 'navigation_failed', message: figures.runtimeError.message },
        metrics: null,
        opportunities: [],
      };
    }
    return {
      ...base,
      status: 'up',
      failure: null,
      metrics: figures.metrics,
      opportunities: figures.opportunities,
    };
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return {
      ...base,
      status: 'down',
      failure: failureOf(err, limitMs, timedOut),
      metrics: null,
      opportunities: [],
    };
  } finally {
    timer.cancel();
    ctx.signal.removeEventListener('abort', onShutdown);
  }
}

export const performanceCheckRunner: CheckRunner<
  PerformanceCheckConfig,
  PerformanceCheckResult,
  'performance'
> = {
  kind: 'performance',
  concurrency: 1,
  run,
};
