// Built public responses, kept 10 s per route (by the injected clock) so a traffic spike during
// an outage costs one round of queries per route per window. Concurrent misses share one build.
// An entry answers in every language it is asked in: the data is read once, each language is
// rendered (and compressed) the first time a visitor asks for it, then kept with the entry.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { StatusPageLanguage, StatusPageLanguageSetting } from '../../core/api/status-pages.ts';
import type { Clock } from '../platform/clock.ts';
import { localeOf, type PageLocale } from './i18n/locale.ts';

export const CACHE_TTL_MS = 10_000;
/** Bounds memory against requests for endless made-up slugs. */
const MAX_ENTRIES = 2000;

export interface BuiltResponse {
  status: 200 | 404;
  contentType: string;
  body: string;
  /** Page-specific headers (the HTML's CSP, the badges' cross-origin policy). */
  headers?: Record<string, string>;
}

export interface CachedResponse extends BuiltResponse {
  bytes: Uint8Array<ArrayBuffer>;
  /** Present when compressing pays (bodies over 1 KiB). */
  gzip: Uint8Array<ArrayBuffer> | null;
  etag: string;
}

export function finish(built: BuiltResponse): CachedResponse {
  const bytes = new TextEncoder().encode(built.body);
  return {
    ...built,
    bytes,
    gzip: bytes.length > 1024 ? new Uint8Array(gzipSync(bytes)) : null,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** A route's answer, in whichever language a request needs. */
export interface Answer {
  /** A fixed language, or 'auto': each visitor's Accept-Language chooses (and the answer varies). */
  language: StatusPageLanguageSetting;
  in(language: StatusPageLanguage): CachedResponse;
}

export function answer(
  language: StatusPageLanguageSetting,
  render: (locale: PageLocale) => BuiltResponse,
): Answer {
  const rendered = new Map<StatusPageLanguage, CachedResponse>();
  return {
    language,
    in(chosen) {
      let response = rendered.get(chosen);
      if (!response) {
        response = finish(render(localeOf(chosen)));
        rendered.set(chosen, response);
      }
      return response;
    },
  };
}

export function createResponseCache(clock: Clock, ttlMs = CACHE_TTL_MS) {
  const entries = new Map<string, { expires: number; value: Promise<Answer> }>();
  return {
    get(key: string, build: () => Promise<Answer>): Promise<Answer> {
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (hit) entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const value = build();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed build is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
