// GET /internal/metrics: the process's figures, for self-hosters' Prometheus. Off unless
// METRICS_TOKEN is set, and then only for a bearer of that token: anyone else gets the same 404
// as a path that does not exist, so it tells nothing about the installation.
import { timingSafeEqual } from 'node:crypto';
import type { ProcessMetrics } from './process-metrics.ts';

export const INTERNAL_METRICS_PATH = '/internal/metrics';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The endpoint's answer, or null for any other path. */
export function internalMetrics(
  metrics: ProcessMetrics,
  token: string | undefined,
): (request: Request) => Promise<Response> | null {
  return (request) => {
    if (new URL(request.url).pathname !== INTERNAL_METRICS_PATH) return null;
    const given = request.headers
      .get('authorization')
      ?.match(/^\s*bearer\s+(.+)$/i)?.[1]
      ?.trim();
    if (!token || request.method !== 'GET' || !given || !sameToken(given, token)) {
      return Promise.resolve(new Response('Not found\n', { status: 404 }));
    }
    return metrics.registry
      .metrics()
      .then((body) => new Response(body, { headers: { 'content-type': metrics.registry.contentType } }));
  };
}
