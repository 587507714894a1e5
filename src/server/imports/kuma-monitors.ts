// Uptime Kuma monitors → Upwatch monitor inputs. The shape read is a 1.x backup's monitorList
// entry (Kuma's Monitor#toJSON()); a 2.x kuma.db row is converted to it first (kuma-db.ts).
import { z } from 'zod';
import { basicAuthHeader, flag, type MonitorCandidate } from './candidates.ts';
import { dnsExpectations } from './kuma-conditions.ts';

const id = z.union([z.number(), z.string()]).transform(String);
const text = z.string().nullish();
const number = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : Number(v)));
const bool = z.union([z.boolean(), z.number(), z.string()]).nullish();

export const kumaMonitorSchema = z.looseObject({
  id,
  name: z.string(),
  type: z.string(),
  url: text,
  method: text,
  hostname: text,
  port: number,
  interval: number,
  timeout: number,
  keyword: text,
  invertKeyword: bool,
  upsideDown: bool,
  headers: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  body: text,
  /** json (also when unset) or xml: the Content-Type Kuma sends with a body. */
  httpBodyEncoding: text,
  authMethod: text,
  basic_auth_user: text,
  basic_auth_pass: text,
  bearer_token: text,
  accepted_statuscodes: z.array(z.string()).nullish(),
  ignoreTls: bool,
  maxredirects: number,
  dns_resolve_type: text,
  dns_resolve_server: text,
  /** Kuma 2.x: JSON text of the condition rules a DNS answer must meet. */
  conditions: z.union([z.string(), z.array(z.unknown())]).nullish(),
  active: bool,
  notificationIDList: z.record(z.string(), z.unknown()).nullish(),
});
export type KumaMonitor = z.infer<typeof kumaMonitorSchema>;

/** Kuma's monitor types without an Upwatch kind, and what to tell people about them. */
const UNSUPPORTED: Record<string, string> = {
  group: 'Groups are not imported; the monitors in them are.',
  'json-query':
    'JSON query monitors run JSONata expressions, which Upwatch does not; add an HTTP monitor with assertions instead.',
  docker: 'Docker container monitors have no Upwatch kind yet.',
};

/** The Content-Type Kuma sends with a request body, by its httpBodyEncoding. */
const BODY_TYPES: Record<string, string> = { json: 'application/json', xml: 'text/xml; charset=utf-8' };

function headersOf(m: KumaMonitor, notes: string[]): Record<string, string> | undefined {
  if (!m.headers) return {};
  try {
    const parsed = typeof m.headers === 'string' ? JSON.parse(m.headers) : m.headers;
    const headers = Object.fromEntries(Object.entries(parsed as object).map(([k, v]) => [k, String(v)]));
    if (Object.keys(headers).length > 0)
      notes.push(`Request headers kept: ${Object.keys(headers).join(', ')}.`);
    return headers;
  } catch {
    return undefined;
  }
}

const has = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/** Kuma's own headers go under the user's: a header the user set wins, as in Kuma. */
function addHeader(headers: Record<string, string>, name: string, value: string): boolean {
  if (has(headers, name)) return false;
  headers[name] = value;
  return true;
}

function authHeader(m: KumaMonitor, headers: Record<string, string>, notes: string[]): string | null {
  const auth = m.authMethod ?? (m.basic_auth_user ? 'basic' : null);
  if (!auth) return null;
  if (auth === 'basic' && m.basic_auth_user) {
    if (addHeader(headers, 'Authorization', basicAuthHeader(m.basic_auth_user, m.basic_auth_pass ?? '')))
      notes.push(`Basic authentication as "${m.basic_auth_user}" sent as an Authorization header.`);
    return null;
  }
  if (auth === 'bearer' && m.bearer_token) {
    if (addHeader(headers, 'Authorization', `Bearer ${m.bearer_token}`))
      notes.push('Bearer token sent as an Authorization header.');
    return null;
  }
  return `Its ${auth} authentication has no Upwatch equivalent, and the check would fail without it.`;
}

function httpInput(m: KumaMonitor, notes: string[]): Record<string, unknown> | string {
  const headers = headersOf(m, notes);
  if (!headers) return 'Its request headers are not valid JSON.';
  const refusal = authHeader(m, headers, notes);
  if (refusal) return refusal;
  const body = m.body?.trim() ? m.body : null;
  if (body) {
    const encoding = m.httpBodyEncoding || 'json';
    const type = BODY_TYPES[encoding];
    if (!type) notes.push(`Its "${encoding}" body is sent as it is, with no Content-Type.`);
    else if (addHeader(headers, 'Content-Type', type))
      notes.push(`Content-Type ${type}, as Uptime Kuma sent it.`);
  }
  const input: Record<string, unknown> = {
    kind: 'http',
    url: m.url,
    method: (m.method ?? 'GET').toUpperCase(),
    headers,
    body,
    ignoreTlsErrors: flag(m.ignoreTls),
    followRedirects: m.maxredirects !== 0,
  };
  if (m.accepted_statuscodes?.length) input.expectedStatus = m.accepted_statuscodes.join(',');
  if (m.type === 'keyword') {
    input.keyword = { mode: flag(m.invertKeyword) ? 'not_contains' : 'contains', value: m.keyword ?? '' };
  }
  return input;
}

function dnsInput(m: KumaMonitor, notes: string[]): Record<string, unknown> | string {
  const expectations = dnsExpectations(m.conditions);
  if (typeof expectations === 'string') return expectations;
  // Newer Kuma versions take several resolvers, comma-separated; Upwatch asks one.
  const [server = null, ...others] = (m.dns_resolve_server ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (others.length > 0) notes.push(`Resolvers ${others.join(', ')} dropped: Upwatch asks ${server} only.`);
  if (expectations.note) notes.push(expectations.note);
  const resolver = server && m.port && m.port !== 53 ? `${server}:${m.port}` : server;
  return {
    kind: 'dns',
    hostname: m.hostname,
    recordType: m.dns_resolve_type ?? 'A',
    resolver,
    ...(expectations.match === 'resolves'
      ? {}
      : { match: expectations.match, expected: expectations.expected }),
  };
}

function monitorInput(m: KumaMonitor, notes: string[]): Record<string, unknown> | string {
  switch (m.type) {
    case 'http':
    case 'keyword':
      return httpInput(m, notes);
    case 'port':
      return { kind: 'tcp', host: m.hostname, port: m.port };
    case 'ping':
      return { kind: 'ping', host: m.hostname };
    case 'dns':
      return dnsInput(m, notes);
    case 'push':
      notes.push(
        "Upwatch gives it a new ping URL: point the job at it (Uptime Kuma's push token is not kept).",
      );
      return { kind: 'heartbeat' };
    default:
      return UNSUPPORTED[m.type] ?? `Uptime Kuma's "${m.type}" monitors have no Upwatch kind yet.`;
  }
}

export function kumaMonitorCandidate(m: KumaMonitor): MonitorCandidate | string {
  if (flag(m.upsideDown)) return 'Upside-down mode (up when the check fails) has no Upwatch equivalent.';
  const notes: string[] = [];
  const input = monitorInput(m, notes);
  if (typeof input === 'string') return input;
  // 0 (older backups, every 2.x row) means Kuma's default: Upwatch's default then, not one second.
  if (m.timeout != null && m.timeout > 0 && input.kind !== 'heartbeat') {
    const seconds = Math.min(60, Math.max(1, Math.round(m.timeout)));
    if (seconds !== m.timeout) notes.push(`Timeout ${m.timeout} s becomes ${seconds} s.`);
    input.timeoutSeconds = seconds;
  }
  if (m.active != null && !flag(m.active)) {
    input.paused = true;
    notes.push('Paused in Uptime Kuma, so imported paused.');
  }
  const channelRefs = Object.entries(m.notificationIDList ?? {})
    .filter(([, on]) => flag(on))
    .map(([ref]) => ref);
  return {
    name: m.name,
    input: input as MonitorCandidate['input'],
    everySeconds: m.interval ?? 60,
    channelRefs,
    notes,
  };
}
