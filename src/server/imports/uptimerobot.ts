// UptimeRobot API v2: one JSON file holding getMonitors' `monitors` (asked with alert_contacts=1)
// and, optionally, getAlertContacts' `alert_contacts`. Numeric codes are the API's; see
// fixtures/README.md for each field read.
import { z } from 'zod';
import {
  basicAuthHeader,
  type Candidates,
  type ChannelCandidate,
  fileJson,
  type MonitorCandidate,
  readFormat,
} from './candidates.ts';

const LABEL = 'UptimeRobot export';
const id = z.union([z.number(), z.string()]).transform(String);
const code = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : Number(v)));
const text = z.string().nullish();

const monitorSchema = z.looseObject({
  id,
  friendly_name: z.string(),
  url: z.string(),
  type: code,
  sub_type: code,
  port: code,
  keyword_type: code,
  keyword_case_type: code,
  keyword_value: text,
  http_username: text,
  http_password: text,
  http_auth_type: code,
  http_method: code,
  post_value: z.unknown().optional(),
  // PHP answers an empty object as [].
  custom_http_headers: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  interval: code,
  timeout: code,
  status: code,
  alert_contacts: z.array(z.looseObject({ id })).nullish(),
});
type RobotMonitor = z.infer<typeof monitorSchema>;

const contactSchema = z.looseObject({ id, friendly_name: text, type: code, value: z.string() });

const exportSchema = z.looseObject({
  monitors: z.array(monitorSchema),
  alert_contacts: z.array(contactSchema).default([]),
});

const METHODS: Record<number, string> = {
  1: 'HEAD',
  2: 'GET',
  3: 'POST',
  4: 'PUT',
  5: 'PATCH',
  6: 'DELETE',
  7: 'OPTIONS',
};
/** Port monitors' presets (sub_type); 99 is a custom port given in `port`. */
const PRESET_PORTS: Record<number, number> = { 1: 80, 2: 443, 3: 21, 4: 25, 5: 110, 6: 143 };
/** Alert contact types, named for the refusals of those Upwatch cannot take. */
const CONTACT_TYPES: Record<number, string> = {
  1: 'SMS',
  3: 'Twitter',
  4: 'Boxcar',
  6: 'Pushbullet',
  7: 'Zapier',
  8: 'Pro SMS',
  9: 'Pushover',
  10: 'HipChat',
  14: 'voice call',
  18: 'Telegram',
};

function channelCandidate(contact: z.infer<typeof contactSchema>): ChannelCandidate | string {
  const name = contact.friendly_name || `Alert contact ${contact.id}`;
  const make = (kind: string, config: Record<string, unknown>, notes: string[] = []) => ({
    ref: contact.id,
    name,
    input: { kind, name, config },
    notes,
  });
  switch (contact.type) {
    case 2:
      return make('email', { address: contact.value });
    case 11:
      return make('slack', { url: contact.value });
    case 5:
      return make('webhook', { url: contact.value }, [
        "Upwatch posts its own signed JSON body; UptimeRobot's query parameters and post value are not kept.",
      ]);
    case 18:
      return "UptimeRobot sends Telegram alerts through its own bot; add a Telegram channel with your bot's token in Upwatch.";
    default: {
      const label = CONTACT_TYPES[contact.type ?? -1] ?? `type ${contact.type}`;
      return `UptimeRobot's ${label} alert contacts have no Upwatch channel yet.`;
    }
  }
}

function headersOf(m: RobotMonitor, notes: string[]): Record<string, string> {
  const given = Array.isArray(m.custom_http_headers) ? {} : (m.custom_http_headers ?? {});
  const headers = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)]));
  if (Object.keys(headers).length > 0)
    notes.push(`Request headers kept: ${Object.keys(headers).join(', ')}.`);
  return headers;
}

function httpInput(m: RobotMonitor, notes: string[]): Record<string, unknown> | string {
  const headers = headersOf(m, notes);
  if (m.http_username) {
    // http_auth_type: 1 basic, 2 digest.
    if (m.http_auth_type === 2) return 'Its digest authentication has no Upwatch equivalent.';
    headers.Authorization = basicAuthHeader(m.http_username, m.http_password ?? '');
    notes.push(`Basic authentication as "${m.http_username}" sent as an Authorization header.`);
  }
  const body =
    m.post_value == null || m.post_value === ''
      ? null
      : typeof m.post_value === 'string'
        ? m.post_value
        : JSON.stringify(m.post_value);
  const input: Record<string, unknown> = {
    kind: 'http',
    url: m.url,
    method: METHODS[m.http_method ?? 2] ?? 'GET',
    headers,
    body,
  };
  if (m.type === 2) {
    // keyword_type is when UptimeRobot alerts: 1 when the keyword exists, 2 when it does not.
    input.keyword = {
      mode: m.keyword_type === 1 ? 'not_contains' : 'contains',
      value: m.keyword_value ?? '',
    };
    if (m.keyword_case_type === 1)
      notes.push('UptimeRobot ignored case; Upwatch matches the keyword exactly.');
  }
  return input;
}

function monitorInput(m: RobotMonitor, notes: string[]): Record<string, unknown> | string {
  switch (m.type) {
    case 1:
    case 2:
      return httpInput(m, notes);
    case 3:
      return { kind: 'ping', host: m.url };
    case 4: {
      const port = m.sub_type === 99 || m.sub_type == null ? m.port : PRESET_PORTS[m.sub_type];
      return { kind: 'tcp', host: m.url, port };
    }
    case 5:
      notes.push('Upwatch gives it a new ping URL: point the job at it.');
      return { kind: 'heartbeat' };
    default:
      return `UptimeRobot's monitor type ${m.type} has no Upwatch kind yet.`;
  }
}

function monitorCandidate(m: RobotMonitor): MonitorCandidate | string {
  const notes: string[] = [];
  const input = monitorInput(m, notes);
  if (typeof input === 'string') return input;
  if (m.timeout != null && m.timeout > 0 && input.kind !== 'heartbeat')
    input.timeoutSeconds = Math.min(60, Math.max(1, m.timeout));
  // status 0: paused.
  if (m.status === 0) {
    input.paused = true;
    notes.push('Paused in UptimeRobot, so imported paused.');
  }
  return {
    name: m.friendly_name,
    input: input as MonitorCandidate['input'],
    everySeconds: m.interval ?? 300,
    channelRefs: (m.alert_contacts ?? []).map((contact) => contact.id),
    notes,
  };
}

export function uptimeRobotCandidates(file: string | Record<string, unknown>): Candidates {
  const data = readFormat(exportSchema, fileJson(file, LABEL), LABEL);
  const result: Candidates = { monitors: [], channels: [], skipped: [] };
  for (const contact of data.alert_contacts) {
    const candidate = channelCandidate(contact);
    if (typeof candidate === 'string') {
      result.skipped.push({
        type: 'channel',
        name: contact.friendly_name || `Alert contact ${contact.id}`,
        reason: candidate,
        ref: contact.id,
      });
    } else result.channels.push(candidate);
  }
  for (const monitor of data.monitors) {
    const candidate = monitorCandidate(monitor);
    if (typeof candidate === 'string') {
      result.skipped.push({ type: 'monitor', name: monitor.friendly_name, reason: candidate });
    } else result.monitors.push(candidate);
  }
  return result;
}
