// The HTTP check: one request (plus redirects) to a user's URL through the SSRF guard, judged
// against the expected status, keyword and assertions, with a DNS/connect/TLS/TTFB/download breakdown.
//
// Timings: each hop runs dns (resolve + vet) → connect (TCP) → tls (handshake, https only) →
// ttfb (request written until response headers) → download (body, up to 1 MiB). The phases are
// back to back and summed over hops, so dns + connect + tls + ttfb + download = total exactly.
import { DEFAULT_EXPECTED_STATUS, expectStatus } from '../../core/status-codes.ts';
import { type HttpAssertion, judgeAssertions, needsBody } from './http-assertions.ts';
import type { ExchangeResponse, TlsPeer } from './http-exchange.ts';
import { exchange, MAX_BODY_BYTES } from './http-exchange.ts';
import { failureOf, timeoutFailure } from './http-failure.ts';
import type { HopRequest } from './http-request.ts';
import { firstRequest, redirectRequest } from './http-request.ts';
import type { HttpTimings } from './phase-timer.ts';
import { PhaseTimer } from './phase-timer.ts';
import type { CheckContext, CheckFailure, CheckResult, CheckRunner } from './types.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 60_000;
export const MAX_REDIRECTS = 10;

export interface HttpCheckConfig {
  url: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  /** Sent with POST, PUT, PATCH, DELETE and OPTIONS; GET and HEAD go without. */
  body?: string | null;
  /** An expression such as `200-299,301` (see core/status-codes.ts). */
  expectedStatus?: string;
  keyword?: { mode: 'contains' | 'not_contains'; value: string } | null;
  /** Checks on the JSON body and the headers, after the status and keyword. */
  assertions?: readonly HttpAssertion[];
  timeoutMs?: number;
  followRedirects?: boolean;
  ignoreTlsErrors?: boolean;
  degradedAboveMs?: number | null;
}

export interface HttpCheckResult extends CheckResult {
  statusCode: number | null;
  timings: HttpTimings;
  /** Body bytes read, at most 1 MiB. */
  responseBytes: number;
  /** The body was longer than 1 MiB; only the first MiB was read (and searched for the keyword). */
  bodyTruncated: boolean;
  finalUrl: string;
  redirects: number;
  /** The final hop's certificate, for https; lets a certificate change trigger an SSL check. */
  tls: TlsPeer | null;
}

interface Outcome {
  response?: ExchangeResponse;
  failure?: CheckFailure;
}

/** Where the run has got to, so a failure on a later hop reports that hop. */
interface Progress {
  url: URL;
  redirects: number;
}

// Monitors share a handful of expressions ("200-399" above all); parsing each per check was
// measurable at thousands of checks a second. Bounded so odd expressions cannot grow it forever.
const EXPECTATIONS = new Map<string, ReturnType<typeof expectStatus>>();
const MAX_EXPECTATIONS = 1000;

function expectationOf(expression: string): ReturnType<typeof expectStatus> {
  let expected = EXPECTATIONS.get(expression);
  if (!expected) {
    if (EXPECTATIONS.size >= MAX_EXPECTATIONS) EXPECTATIONS.clear();
    expected = expectStatus(expression);
    EXPECTATIONS.set(expression, expected);
  }
  return expected;
}

export const httpCheckRunner: CheckRunner<HttpCheckConfig, HttpCheckResult, 'http'> = {
  kind: 'http',
  concurrency: 256,
  async run(config, ctx) {
    const startedAt = ctx.clock.now();
    const expected = expectationOf(config.expectedStatus ?? DEFAULT_EXPECTED_STATUS);
    const timeoutMs = Math.min(
      config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      MAX_TIMEOUT_MS,
      ctx.timeoutMs ?? Infinity,
    );
    const timer = new PhaseTimer();
    ctx.signal.throwIfAborted();
    // Linked by hand rather than AbortSignal.any: the worker's signal lives for the whole process
    // and must not collect a dependant per check.
    const abort = new AbortController();
    const onShutdown = () => abort.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onShutdown, { once: true });
    const timeout = ctx.clock.setTimeout(() => abort.abort(new Error('The check timed out.')), timeoutMs);
    const signal = abort.signal;
    const progress: Progress = { url: new URL(config.url), redirects: 0 };

    let outcome: Outcome;
    try {
      outcome = await follow(config, ctx, { timer, signal, progress });
    } catch (err) {
      // A shutdown is not a fact about the target: no result rather than a false "down".
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (signal.aborted) outcome = { failure: timeoutFailure(timeoutMs, timer.phase) };
      else outcome = { failure: classify(err, timer, progress) };
    } finally {
      timeout.cancel();
      ctx.signal.removeEventListener('abort', onShutdown);
    }

    const timings = timer.finish();
    const { response } = outcome;
    const failure = outcome.failure ?? (response && judge(response, config, expected));
    const slow = config.degradedAboveMs != null && timings.totalMs > config.degradedAboveMs;
    return {
      status: failure ? 'down' : slow ? 'degraded' : 'up',
      failure: failure ?? null,
      startedAt,
      region: ctx.region,
      statusCode: response?.statusCode ?? null,
      timings,
      responseBytes: response?.bytes ?? 0,
      bodyTruncated: response?.truncated ?? false,
      finalUrl: progress.url.href,
      redirects: progress.redirects,
      tls: response?.tls ?? null,
    };
  },
};

interface RunState {
  timer: PhaseTimer;
  signal: AbortSignal;
  progress: Progress;
}

async function follow(config: HttpCheckConfig, ctx: CheckContext, state: RunState): Promise<Outcome> {
  const { timer, signal, progress } = state;
  const followRedirects = config.followRedirects ?? true;
  let hop: HopRequest = firstRequest({
    url: config.url,
    method: config.method ?? 'GET',
    headers: config.headers ?? {},
    body: config.body ?? null,
  });
  // Bounded: at most MAX_REDIRECTS + 1 requests.
  for (;;) {
    progress.url = hop.url;
    timer.enter('dns');
    const target = await ctx.guard.vetUrl(hop.url, signal);
    timer.enter('connect');
    let nextHop: HopRequest | undefined;
    const response = await exchange({
      ...hop,
      target,
      rejectUnauthorized: !(config.ignoreTlsErrors ?? false),
      keepBody: Boolean(config.keyword) || needsBody(config.assertions),
      // A redirect we are about to follow: its body is of no interest.
      skipBody: (statusCode, headers) => {
        nextHop = followRedirects ? redirectRequest(hop, statusCode, headers.location) : undefined;
        return nextHop !== undefined;
      },
      guard: ctx.guard,
      timer,
      signal,
    });
    if (!nextHop) return { response };
    if (progress.redirects === MAX_REDIRECTS) {
      const message = `Stopped after ${MAX_REDIRECTS} redirects; the next one pointed to ${nextHop.url.href}.`;
      return { response, failure: { code: 'too_many_redirects', message } };
    }
    progress.redirects += 1;
    hop = nextHop;
  }
}

function judge(
  response: ExchangeResponse,
  config: HttpCheckConfig,
  expected: ReturnType<typeof expectStatus>,
): CheckFailure | undefined {
  if (!expected.matches(response.statusCode)) {
    return {
      code: 'status_mismatch',
      message: `Expected status ${expected.canonical}, got ${response.statusCode}.`,
    };
  }
  const assertions = config.assertions;
  return (
    judgeKeyword(response, config) ??
    (assertions?.length
      ? judgeAssertions(assertions, { ...response, maxBodyBytes: MAX_BODY_BYTES })
      : undefined)
  );
}

function judgeKeyword(response: ExchangeResponse, config: HttpCheckConfig): CheckFailure | undefined {
  const keyword = config.keyword;
  if (!keyword) return undefined;
  const found = response.text.includes(keyword.value);
  const scope = response.truncated ? ` in its first ${MAX_BODY_BYTES / 1024 / 1024} MiB` : '';
  if (keyword.mode === 'contains' && !found) {
    return { code: 'keyword_missing', message: `The response does not contain "${keyword.value}"${scope}.` };
  }
  if (keyword.mode === 'not_contains' && found) {
    return { code: 'keyword_present', message: `The response contains "${keyword.value}"${scope}.` };
  }
  return undefined;
}

function classify(err: unknown, timer: PhaseTimer, progress: Progress): CheckFailure {
  const failure = failureOf(err, timer.phase, progress.url.host);
  if (!failure) throw err;
  return failure;
}
