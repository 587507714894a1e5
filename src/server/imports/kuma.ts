// Uptime Kuma 1.x backups (Settings → Backup → Export): `{ version, notificationList, monitorList }`,
// where each monitor is Kuma's Monitor#toJSON() and each notification a row whose `config` is
// JSON text with a `type` and that provider's fields. See fixtures/README.md for the fields read.
import { z } from 'zod';
import {
  basicAuthHeader,
  type Candidates,
  type ChannelCandidate,
  fileJson,
  flag,
  type MonitorCandidate,
  readFormat,
} from './candidates.ts';

const LABEL = 'Uptime Kuma backup';
const id = z.union([z.number(), z.string()]).transform(String);
const text = z.string().nullish();
const number = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : Number(v)));
const bool = z.union([z.boolean(), z.number(), z.string()]).nullish();

const monitorSchema = z.looseObject({
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
  authMethod: text,
  basic_auth_user: text,
  basic_auth_pass: text,
  accepted_statuscodes: z.array(z.string()).nullish(),
  ignoreTls: bool,
  maxredirects: number,
  dns_resolve_type: text,
  dns_resolve_server: text,
  active: bool,
  notificationIDList: z.record(z.string(), z.unknown()).nullish(),
});
type KumaMonitor = z.infer<typeof monitorSchema>;

const backupSchema = z.looseObject({
  version: z.string().optional(),
  notificationList: z.array(z.looseObject({ id, name: text, config: z.string() })).default([]),
  monitorList: z.array(monitorSchema),
});

/** Kuma notification types Upwatch has a channel for, and the channel config their fields make. */
const CHANNELS: Record<
  string,
  { kind: string; config(c: Record<string, unknown>): Record<string, unknown> }
> = {
  telegram: { kind: 'telegram', config: (c) => ({ botToken: c.telegramBotToken, chatId: c.telegramChatID }) },
  slack: { kind: 'slack', config: (c) => ({ url: c.slackwebhookURL }) },
  discord: { kind: 'discord', config: (c) => ({ url: c.discordWebhookUrl }) },
  teams: { kind: 'msteams', config: (c) => ({ url: c.webhookUrl }) },
  GoogleChat: { kind: 'googlechat', config: (c) => ({ url: c.googleChatWebhookURL }) },
  mattermost: { kind: 'mattermost', config: (c) => ({ url: c.mattermostWebhookUrl }) },
  'rocket.chat': { kind: 'rocketchat', config: (c) => ({ url: c.rocketwebhookURL }) },
  gotify: { kind: 'gotify', config: (c) => ({ url: c.gotifyserverurl, token: c.gotifyapplicationToken }) },
  pushover: {
    kind: 'pushover',
    config: (c) => ({ userKey: c.pushoveruserkey, appToken: c.pushoverapptoken }),
  },
  smtp: { kind: 'email', config: (c) => ({ address: c.smtpTo }) },
  webhook: { kind: 'webhook', config: (c) => ({ url: c.webhookURL }) },
};

/** Why a Kuma notification's fields change meaning on the way in. */
const CHANNEL_NOTES: Record<string, string> = {
  smtp: "Mail goes out through Upwatch's mail server, not the SMTP server set in Uptime Kuma.",
  webhook: "Upwatch posts its own signed JSON body; Uptime Kuma's content type and custom body are not kept.",
};

function channelCandidate(
  notification: z.infer<typeof backupSchema>['notificationList'][number],
): ChannelCandidate | string {
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(notification.config) as Record<string, unknown>;
  } catch {
    return 'Its config is not JSON.';
  }
  const type = String(config.type ?? '');
  const mapping = CHANNELS[type];
  if (!mapping) return `Uptime Kuma's "${type}" notifications have no Upwatch channel yet.`;
  const name = notification.name ?? String(config.name ?? `${type} ${notification.id}`);
  const notes = CHANNEL_NOTES[type] ? [CHANNEL_NOTES[type]] : [];
  return {
    ref: notification.id,
    name,
    input: { kind: mapping.kind, name, config: mapping.config(config) },
    notes,
  };
}

/** Kuma's monitor types without an Upwatch kind, and what to tell people about them. */
const UNSUPPORTED: Record<string, string> = {
  group: 'Groups are not imported; the monitors in them are.',
  'json-query':
    'JSON query monitors run JSONata expressions, which Upwatch does not; add an HTTP monitor with assertions instead.',
  docker: 'Docker container monitors have no Upwatch kind yet.',
};

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

function httpInput(m: KumaMonitor, notes: string[]): Record<string, unknown> | string {
  const headers = headersOf(m, notes);
  if (!headers) return 'Its request headers are not valid JSON.';
  const auth = m.authMethod ?? (m.basic_auth_user ? 'basic' : null);
  if (auth === 'basic' && m.basic_auth_user) {
    headers.Authorization = basicAuthHeader(m.basic_auth_user, m.basic_auth_pass ?? '');
    notes.push(`Basic authentication as "${m.basic_auth_user}" sent as an Authorization header.`);
  } else if (auth && auth !== 'basic') {
    return `Its ${auth} authentication has no Upwatch equivalent, and the check would fail without it.`;
  }
  const input: Record<string, unknown> = {
    kind: 'http',
    url: m.url,
    method: (m.method ?? 'GET').toUpperCase(),
    headers,
    body: m.body || null,
    ignoreTlsErrors: flag(m.ignoreTls),
    followRedirects: m.maxredirects !== 0,
  };
  if (m.accepted_statuscodes?.length) input.expectedStatus = m.accepted_statuscodes.join(',');
  if (m.type === 'keyword') {
    input.keyword = { mode: flag(m.invertKeyword) ? 'not_contains' : 'contains', value: m.keyword ?? '' };
  }
  return input;
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
    case 'dns': {
      // Newer Kuma versions take several resolvers, comma-separated; Upwatch asks one.
      const [server = null, ...others] = (m.dns_resolve_server ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (others.length > 0)
        notes.push(`Resolvers ${others.join(', ')} dropped: Upwatch asks ${server} only.`);
      const resolver = server && m.port && m.port !== 53 ? `${server}:${m.port}` : server;
      return { kind: 'dns', hostname: m.hostname, recordType: m.dns_resolve_type ?? 'A', resolver };
    }
    case 'push':
      notes.push(
        "Upwatch gives it a new ping URL: point the job at it (Uptime Kuma's push token is not kept).",
      );
      return { kind: 'heartbeat' };
    default:
      return UNSUPPORTED[m.type] ?? `Uptime Kuma's "${m.type}" monitors have no Upwatch kind yet.`;
  }
}

function monitorCandidate(m: KumaMonitor): MonitorCandidate | string {
  if (flag(m.upsideDown)) return 'Upside-down mode (up when the check fails) has no Upwatch equivalent.';
  const notes: string[] = [];
  const input = monitorInput(m, notes);
  if (typeof input === 'string') return input;
  // 0 (older backups) means Kuma's default: Upwatch's default then, not a one-second timeout.
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

export function kumaCandidates(file: string | Record<string, unknown>): Candidates {
  const backup = readFormat(backupSchema, fileJson(file, LABEL), LABEL);
  const result: Candidates = { monitors: [], channels: [], skipped: [] };
  for (const notification of backup.notificationList) {
    const candidate = channelCandidate(notification);
    if (typeof candidate === 'string') {
      result.skipped.push({
        type: 'channel',
        name: notification.name ?? notification.id,
        reason: candidate,
        ref: notification.id,
      });
    } else result.channels.push(candidate);
  }
  for (const monitor of backup.monitorList) {
    const candidate = monitorCandidate(monitor);
    if (typeof candidate === 'string')
      result.skipped.push({ type: 'monitor', name: monitor.name, reason: candidate });
    else result.monitors.push(candidate);
  }
  return result;
}
