// Tells a database that is away (restarting, failing over, a connection killed, the network down)
// from a query that is wrong: the first is retried with backoff and answered 503, the second is a
// bug or a 4xx as before.

/** Socket errors while connecting or connected. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown ("terminating
 * connection due to administrator command", also what pg_terminate_backend sends),
 * crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery) and
 * too_many_connections. Class 08 (connection exception) is matched as a class.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost socket with these messages and no code. */
const MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /timeout exceeded when trying to connect/,
  /^Connection ended unexpectedly/,
];

function matches(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
  )
    return true;
  return MESSAGES.some((pattern) => pattern.test(err.message));
}

/** True when `err` (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [err];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined || next === null || seen.has(next)) continue;
    seen.add(next);
    if (matches(next)) return true;
    if (next instanceof AggregateError) pending.push(...next.errors);
    if (next instanceof Error) pending.push(next.cause);
  }
  return false;
}
