import { LOG_TAG } from './wire';

/** Whether the billing backend lives on another origin than the page. */
export function isCrossOrigin(backendUrl: string, here: string): boolean {
  if (!backendUrl) return false;
  return new URL(backendUrl, here).origin !== new URL(here).origin;
}

/**
 * SPEC.md §7 `POST {prefix}/cors`: try the probe with credentials, then without; the first that
 * the browser lets through decides whether billing requests carry cookies. A refused probe
 * throws (CORS failures reject the fetch); an answered one, whatever its status, counts.
 */
export async function probeCredentials(url: string): Promise<RequestCredentials> {
  for (const credentials of ['include', 'omit'] as const) {
    try {
      await fetch(url, {
        method: 'POST',
        credentials,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return credentials;
    } catch {
      // Try the next mode.
    }
  }
  console.warn(`${LOG_TAG} ${url} could not be reached with or without credentials; sending none.`);
  return 'omit';
}
