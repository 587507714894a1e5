// The route a page view is counted under (issue 42, item 2): the page's path only (its query and
// fragment are dropped, never stored), with the segments that name one thing among many (numbers,
// UUIDs, hashes) as `:id`, then the first of the site's own patterns ("/blog/:slug") that matches.
// So /p/42?ref=mail and /p/43 are one route, /p/:id, and no visitor's identifier is kept.

/** Longer paths are cut to this many segments: a route names a kind of page, not a deep address. */
const MAX_SEGMENTS = 12;
const MAX_SEGMENT_LENGTH = 80;

const NUMBER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A hex digest or object id (16+ hex digits), or a long token mixing letters and digits. */
const HEX = /^[0-9a-f]{16,}$/i;
const TOKEN = /^(?=.*\d)(?=.*[a-z])[a-z0-9_-]{20,}$/i;

function identifies(segment: string): boolean {
  return (
    NUMBER.test(segment) ||
    UUID.test(segment) ||
    HEX.test(segment) ||
    TOKEN.test(segment) ||
    segment.length > MAX_SEGMENT_LENGTH
  );
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A site's pattern, segment by segment: `:name` matches any one segment, `*` the rest. */
function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i] as string;
    if (part === '*') return true;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return pattern.length === segments.length;
}

/**
 * The route of a page's URL (absolute, or a path): `/` for the home page, no trailing slash,
 * a site pattern when one matches. Null when the URL cannot be read.
 */
export function routeOf(url: string, patterns: readonly string[] = []): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://route.invalid').pathname;
  } catch {
    return null;
  }
  const segments = segmentsOf(path)
    .slice(0, MAX_SEGMENTS)
    .map((segment) => (identifies(segment) ? ':id' : segment));
  for (const pattern of patterns) {
    if (matches(segmentsOf(pattern), segments)) return `/${segmentsOf(pattern).join('/')}`;
  }
  return `/${segments.join('/')}`;
}
