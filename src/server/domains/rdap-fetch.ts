// GETs RDAP JSON through the SSRF guard: every connection (the bootstrap file, the registry, each
// redirect hop) is vetted after DNS resolution, answers are size-capped, and whatever goes wrong
// comes back as an RdapError carrying a DomainErrorCode.
import { type Dispatcher, request } from 'undici';
import type { DomainErrorCode } from '../../core/api/domains.ts';
import { errorCode } from '../platform/net/target-errors.ts';

/** Registries send a few kB per domain; IANA's dns.json is ~40 kB. */
const BODY_LIMIT = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class RdapError extends Error {
  override name = 'RdapError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface RdapFetchOptions {
  dispatcher: Dispatcher;
  signal: AbortSignal;
}

/** The JSON at `url`, following up to three redirects; a 404 is `not_found`. */
export async function getRdapJson(url: string, { dispatcher, signal }: RdapFetchOptions): Promise<unknown> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await send(current, dispatcher, signal);
    const location = response.headers.location;
    if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
      await response.body.dump();
      current = new URL(location, current).href;
      continue;
    }
    if (response.statusCode === 404) {
      await response.body.dump();
      throw new RdapError('not_found', `${hostOf(current)} has no record of it (HTTP 404).`);
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new RdapError('rdap_unavailable', `${hostOf(current)} answered HTTP ${response.statusCode}.`);
    }
    const text = await readCapped(response.body, current);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RdapError('bad_response', `${hostOf(current)} did not answer with JSON.`);
    }
  }
  throw new RdapError('rdap_unavailable', `${hostOf(url)} redirected more than ${MAX_REDIRECTS} times.`);
}

async function send(url: string, dispatcher: Dispatcher, signal: AbortSignal) {
  try {
    return await request(url, {
      method: 'GET',
      dispatcher,
      signal,
      headers: { accept: 'application/rdap+json, application/json', 'user-agent': 'Upwatch-RDAP/1' },
    });
  } catch (err) {
    throw networkError(err, url, signal);
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], url: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) {
      body.destroy();
      throw new RdapError('bad_response', `${hostOf(url)} sent more than ${BODY_LIMIT / 1024 / 1024} MiB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkError(err: unknown, url: string, signal: AbortSignal): RdapError {
  if (signal.aborted)
    return new RdapError('timeout', `${hostOf(url)} did not answer in time.`, { cause: err });
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = errorCode(cause);
  if (code === 'private_target' || code === 'dns_failed') {
    return new RdapError(code, (cause as Error).message, { cause: err });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return new RdapError('rdap_unavailable', `Could not reach ${hostOf(url)}: ${message}`, { cause: err });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
