// The two readers alone: what a source's less common settings become, or why they are skipped.
import { describe, expect, it } from 'vitest';
import { kumaCandidates } from './kuma.ts';
import { uptimeRobotCandidates } from './uptimerobot.ts';

function kuma(monitor: Record<string, unknown>) {
  return kumaCandidates({ monitorList: [{ id: 1, name: 'M', ...monitor }] });
}
function robot(monitor: Record<string, unknown>) {
  return uptimeRobotCandidates({
    monitors: [{ id: 1, friendly_name: 'M', url: 'https://example.com', ...monitor }],
  });
}

describe('Uptime Kuma monitors', () => {
  it.each([
    [
      { type: 'http', url: 'https://example.com', upsideDown: true },
      'Upside-down mode (up when the check fails) has no Upwatch equivalent.',
    ],
    [
      { type: 'http', url: 'https://example.com', authMethod: 'ntlm', basic_auth_user: 'u' },
      'Its ntlm authentication has no Upwatch equivalent, and the check would fail without it.',
    ],
    [
      { type: 'http', url: 'https://example.com', headers: '{"X-A": ' },
      'Its request headers are not valid JSON.',
    ],
    [
      { type: 'json-query', url: 'https://example.com' },
      'JSON query monitors run JSONata expressions, which Upwatch does not; add an HTTP monitor with assertions instead.',
    ],
    [
      { type: 'mqtt', hostname: 'broker.example.com' },
      'Uptime Kuma\'s "mqtt" monitors have no Upwatch kind yet.',
    ],
  ])('skips %j saying why', (monitor, reason) => {
    expect(kuma(monitor)).toMatchObject({ monitors: [], skipped: [{ type: 'monitor', name: 'M', reason }] });
  });

  it('asks the first of several resolvers on their port, and leaves a zero timeout to the default', () => {
    const [monitor] = kuma({
      type: 'dns',
      hostname: 'example.com',
      dns_resolve_server: '1.1.1.1, 8.8.8.8',
      port: 5353,
      timeout: 0,
    }).monitors;
    expect(monitor?.input).toEqual({
      kind: 'dns',
      hostname: 'example.com',
      recordType: 'A',
      resolver: '1.1.1.1:5353',
    });
    expect(monitor?.notes).toEqual(['Resolvers 8.8.8.8 dropped: Upwatch asks 1.1.1.1 only.']);
  });

  it('reads an inverted keyword, no redirects and ignored TLS errors', () => {
    const [monitor] = kuma({
      type: 'keyword',
      url: 'https://example.com',
      keyword: 'error',
      invertKeyword: 1,
      maxredirects: 0,
      ignoreTls: 1,
    }).monitors;
    expect(monitor?.input).toMatchObject({
      keyword: { mode: 'not_contains', value: 'error' },
      followRedirects: false,
      ignoreTlsErrors: true,
    });
  });
});

describe('UptimeRobot monitors', () => {
  it('skips digest authentication, and reads HEAD, a preset port and keyword exists', () => {
    expect(robot({ type: 1, http_username: 'u', http_password: 'p', http_auth_type: 2 }).skipped).toEqual([
      { type: 'monitor', name: 'M', reason: 'Its digest authentication has no Upwatch equivalent.' },
    ]);
    expect(robot({ type: 1, http_method: 1 }).monitors[0]?.input).toMatchObject({ method: 'HEAD' });
    expect(robot({ type: 4, url: 'ftp.example.com', sub_type: 3 }).monitors[0]?.input).toEqual({
      kind: 'tcp',
      host: 'ftp.example.com',
      port: 21,
    });
    // keyword_type 1: UptimeRobot alerts when the keyword exists, so the page is up without it.
    expect(
      robot({ type: 2, keyword_type: 1, keyword_value: 'Maintenance' }).monitors[0]?.input,
    ).toMatchObject({
      keyword: { mode: 'not_contains', value: 'Maintenance' },
    });
  });
});
