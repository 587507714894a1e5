import type { CheckResult, PingFacts, UptimeReport, WindowSummary } from '../../core/api/history';
import type { Monitor, MonitorCommon, MonitorOf } from '../../core/api/monitors';
import type { MonitorRow } from '../lib/monitors';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);

/** What every monitor answers, whatever its kind. */
function commonFields(): Omit<MonitorCommon, 'target'> {
  return {
    id: 'm-1',
    name: 'Marketing site',
    timeoutSeconds: 30,
    degradedAboveMs: null,
    intervalSeconds: 900,
    intervalRaisedFromSeconds: null,
    paused: false,
    public: false,
    domainExpiry: true,
    status: 'up',
    streak: 3,
    lastCheckedAt: NOW - 5000,
    lastStatusChangeAt: NOW - 3_600_000,
    lastLatencyMs: 120,
    nextRunAt: NOW + 60_000,
    maintenance: null,
    failingFrom: [],
    managedKey: null,
    createdAt: NOW - 86_400_000,
    updatedAt: NOW - 86_400_000,
  };
}

export function makeMonitor(overrides: Partial<MonitorOf<'http'>> = {}): MonitorOf<'http'> {
  return {
    ...commonFields(),
    kind: 'http',
    target: overrides.url ?? 'https://acme.dev',
    url: 'https://acme.dev',
    method: 'GET',
    headers: {},
    body: null,
    expectedStatus: '200-399',
    keyword: null,
    followRedirects: true,
    ignoreTlsErrors: false,
    assertions: [],
    ...overrides,
  };
}

export function makeTcpMonitor(overrides: Partial<MonitorOf<'tcp'>> = {}): MonitorOf<'tcp'> {
  return {
    ...commonFields(),
    id: 'm-tcp',
    name: 'Database',
    kind: 'tcp',
    target: 'db.acme.dev:5432 (TLS)',
    host: 'db.acme.dev',
    port: 5432,
    tls: true,
    send: null,
    expect: null,
    ...overrides,
  };
}

export function makeDnsMonitor(overrides: Partial<MonitorOf<'dns'>> = {}): MonitorOf<'dns'> {
  return {
    ...commonFields(),
    id: 'm-dns',
    name: 'Apex record',
    kind: 'dns',
    target: 'acme.dev A @1.1.1.1',
    hostname: 'acme.dev',
    recordType: 'A',
    resolver: '1.1.1.1',
    match: 'resolves',
    expected: [],
    ...overrides,
  };
}

export function makePingMonitor(overrides: Partial<MonitorOf<'ping'>> = {}): MonitorOf<'ping'> {
  return {
    ...commonFields(),
    id: 'm-ping',
    name: 'Loopback',
    kind: 'ping',
    target: '127.0.0.1',
    host: '127.0.0.1',
    packets: 3,
    lossThresholdPercent: 100,
    ...overrides,
  };
}

export function makeHeartbeatMonitor(
  overrides: Partial<MonitorOf<'heartbeat'>> = {},
): MonitorOf<'heartbeat'> {
  return {
    ...commonFields(),
    id: 'm-beat',
    name: 'Nightly backup',
    kind: 'heartbeat',
    target: 'every 1 h',
    lastLatencyMs: 0,
    periodSeconds: 3600,
    cron: null,
    timezone: 'UTC',
    graceSeconds: 300,
    pingUrl: 'http://localhost:3000/api/ping/tok',
    nextDueAt: NOW + 3_600_000,
    late: false,
    ...overrides,
  };
}

export function makeRow(
  overrides: Partial<MonitorOf<'http'>> & Pick<Partial<MonitorRow>, 'stats' | 'ssl'> = {},
): MonitorRow {
  return {
    ...makeMonitor(overrides),
    stats: { uptime24h: 99.5, uptime30d: 99.9, avgMs24h: 140, sparkline: Array(24).fill(140) },
    ...overrides,
  };
}

/** A list row of any kind's monitor. */
export function rowOf(monitor: Monitor): MonitorRow {
  return {
    ...monitor,
    stats: { uptime24h: 99.5, uptime30d: 99.9, avgMs24h: 140, sparkline: Array(24).fill(140) },
  };
}

export function makeResult(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    id: 'r-1',
    checkedAt: NOW - 5000,
    region: 'local',
    status: 'up',
    statusCode: 200,
    totalMs: 120,
    timings: { dnsMs: 5, connectMs: 10, tlsMs: 20, ttfbMs: 80, downloadMs: 5 },
    responseBytes: 1024,
    failure: null,
    confirmation: false,
    ...overrides,
  };
}

const WINDOW: WindowSummary = {
  checks: 96,
  upChecks: 95,
  uptimePercent: 98.96,
  downtimeMs: 15 * 60_000,
  avgMs: 130,
  p50Ms: 120,
  p95Ms: 310,
};
const DAY_MS = 86_400_000;

export function makeUptimeReport(overrides: Partial<UptimeReport> = {}): UptimeReport {
  const today = Math.floor(NOW / DAY_MS) * DAY_MS;
  return {
    windows: { '24h': WINDOW, '7d': WINDOW, '30d': WINDOW, '90d': WINDOW },
    hourly: [],
    daily: Array.from({ length: 90 }, (_, index) => ({
      start: today - (89 - index) * DAY_MS,
      checks: index < 30 ? 0 : 96,
      upChecks: index < 30 ? 0 : index === 88 ? 90 : 96,
      uptimePercent: index < 30 ? null : index === 88 ? 93.75 : 100,
      downtimeMs: index === 88 ? 90 * 60_000 : 0,
      avgMs: index < 30 ? null : 130,
    })),
    outages: [],
    ...overrides,
  };
}

/** A ping check of loopback: sub-millisecond round trips, `received` of 3 packets answered. */
export function loopbackPing(received = 3): PingFacts {
  return {
    packets: 3,
    received,
    lossPercent: Math.round(((3 - received) / 3) * 1000) / 10,
    rttMinMs: 0.031,
    rttAvgMs: 0.048,
    rttMaxMs: 0.062,
  };
}

/** A ping check that got no reply at all. */
export const NO_REPLY: PingFacts = {
  packets: 3,
  received: 0,
  lossPercent: 100,
  rttMinMs: null,
  rttAvgMs: null,
  rttMaxMs: null,
};
