// ICMP echo checks through the system `ping` (Debian's iputils-ping): the host is resolved and
// vetted by the SSRF guard first, and only the vetted numeric address is pinged. A process per
// check costs more than a socket (README: "Ping checks"), so a worker runs a bounded number at once.
import { execFile } from 'node:child_process';
import type { CheckFailure, CheckResult, CheckRunner } from './types.ts';

export interface PingCheckConfig {
  host: string;
  packets: number;
  lossThresholdPercent: number;
  timeoutMs: number;
  degradedAboveMs: number | null;
}

export interface PingFacts {
  packets: number;
  received: number;
  lossPercent: number;
  rttMinMs: number | null;
  rttAvgMs: number | null;
  rttMaxMs: number | null;
}

export interface PingCheckResult extends CheckResult {
  timings: { totalMs: number };
  facts: PingFacts | null;
}

/** Runs `ping` for a vetted address; tests inject one that refuses anything but loopback. */
export type PingExecutor = (
  address: string,
  family: 4 | 6,
  options: { packets: number; deadlineSeconds: number; signal: AbortSignal; source?: string | undefined },
) => Promise<string>;

export class PingUnavailableError extends Error {
  readonly code = 'ping_unavailable';
}

/** How many ping processes one worker runs at once. */
export const PING_CONCURRENCY = 32;

/** The system ping; `command` names another binary (tests prove the missing-binary error with it). */
export const systemPing =
  (command = 'ping'): PingExecutor =>
  (address, family, { packets, deadlineSeconds, signal, source }) =>
    new Promise((resolve, reject) => {
      const args = [
        `-${family}`,
        // The worker's egress address (SOURCE_ADDRESS), as every other check leaves from it.
        ...(source ? ['-I', source] : []),
        '-n',
        '-q',
        '-c',
        String(packets),
        '-i',
        '0.2',
        '-w',
        String(deadlineSeconds),
        address,
      ];
      execFile(command, args, { signal, timeout: (deadlineSeconds + 2) * 1000 }, (err, stdout, stderr) => {
        // Exit 1 means "sent, some replies missing": the statistics still say how many.
        if (err && (err as { code?: unknown }).code === 'ENOENT') {
          return reject(
            new PingUnavailableError(
              'The ping command is not installed (Debian: apt-get install iputils-ping).',
            ),
          );
        }
        if (/Operation not permitted|permission denied/i.test(stderr)) {
          return reject(new PingUnavailableError(`ping may not open ICMP sockets here: ${stderr.trim()}`));
        }
        if (err && !/packets transmitted/.test(stdout)) return reject(err);
        resolve(stdout);
      });
    });

/** Reads iputils' summary: "3 packets transmitted, 2 received, 33.3333% packet loss" and "rtt min/avg/max/mdev = …". */
export function parsePingOutput(output: string): PingFacts | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  if (!counts) return null;
  const packets = Number(counts[1]);
  const received = Number(counts[2]);
  const rtt = /= ([\d.]+)\/([\d.]+)\/([\d.]+)\//.exec(output);
  const ms = (value: string | undefined) =>
    value === undefined ? null : Math.round(Number(value) * 1000) / 1000;
  return {
    packets,
    received,
    lossPercent: packets === 0 ? 100 : Math.round(((packets - received) / packets) * 1000) / 10,
    rttMinMs: ms(rtt?.[1]),
    rttAvgMs: ms(rtt?.[2]),
    rttMaxMs: ms(rtt?.[3]),
  };
}

function judge(facts: PingFacts, config: PingCheckConfig, where: string): CheckFailure | null {
  if (facts.lossPercent < config.lossThresholdPercent) return null;
  const lost = facts.packets - facts.received;
  return {
    code: 'packet_loss',
    message: `${lost} of ${facts.packets} packets to ${where} were lost (${facts.lossPercent}%).`,
  };
}

/** A counting semaphore: callers beyond the limit wait for a slot, in order. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function createPingRunner(
  execute: PingExecutor = systemPing(),
): CheckRunner<PingCheckConfig, PingCheckResult, 'ping'> {
  const slot = limiter(PING_CONCURRENCY);
  return {
    kind: 'ping',
    concurrency: PING_CONCURRENCY,
    async run(config, ctx) {
      const startedAt = ctx.clock.now();
      ctx.signal.throwIfAborted();
      const timeoutMs = Math.min(config.timeoutMs, ctx.timeoutMs ?? Infinity);
      let facts: PingFacts | null = null;
      let failure: CheckFailure | null = null;
      try {
        const target = await ctx.guard.vetHost(config.host, 0, ctx.signal);
        const family = target.address.includes(':') ? 6 : 4;
        const output = await slot(() =>
          execute(target.address, family, {
            packets: config.packets,
            deadlineSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)),
            signal: ctx.signal,
            source: ctx.guard.localAddress,
          }),
        );
        facts = parsePingOutput(output);
        failure = facts
          ? judge(facts, config, config.host)
          : { code: 'ping_unavailable', message: 'ping printed no statistics.' };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const code = (err as { code?: unknown }).code;
        const message = err instanceof Error ? err.message : String(err);
        if (code === 'private_target' || code === 'dns_failed' || code === 'ping_unavailable') {
          failure = { code, message };
        } else throw err;
      }
      const totalMs = Math.round(facts?.rttAvgMs ?? 0);
      const slow =
        !failure && config.degradedAboveMs != null && (facts?.rttAvgMs ?? 0) > config.degradedAboveMs;
      return {
        status: failure ? 'down' : slow ? 'degraded' : 'up',
        failure,
        startedAt,
        region: ctx.region,
        timings: { totalMs },
        facts,
      };
    },
  };
}

export const pingCheckRunner = createPingRunner();
