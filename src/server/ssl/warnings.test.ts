import { describe, expect, it } from 'vitest';
import type { Certificate, SslProblem } from '../../core/api/ssl.ts';
import type { SslCheckResult } from '../checks/ssl.ts';
import { DAY_MS } from '../checks/ssl-problems.ts';
import { decideSslAlerts, thresholdFor, type WarningState } from './warnings.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const FRESH: WarningState = {
  fingerprint: null,
  validTo: null,
  warnedDays: [],
  inWarningWindow: false,
  problemCodes: [],
};

function result(fingerprint: string, days: number, problems: SslProblem[] = []): SslCheckResult {
  const validTo = NOW + days * DAY_MS + 3_600_000;
  const certificate: Certificate = {
    subjectCn: 'shop.example.com',
    subjectAltNames: ['shop.example.com'],
    issuer: 'R11',
    issuerOrganization: "Let's Encrypt",
    serialNumber: '01',
    fingerprintSha256: fingerprint,
    validFrom: validTo - 90 * DAY_MS,
    validTo,
    keyType: 'EC',
    keyBits: 256,
    signatureAlgorithm: 'ecdsa-with-SHA256',
  };
  return {
    status: problems.length ? 'degraded' : 'up',
    failure: null,
    startedAt: NOW,
    region: 'test',
    certificate,
    chain: [],
    protocol: 'TLSv1.3',
    cipher: 'TLS_AES_128_GCM_SHA256',
    ocspStapled: false,
    chainComplete: true,
    trusted: true,
    hostnameMatch: true,
    daysRemaining: days,
    problems,
  };
}

const kinds = (outcome: ReturnType<typeof decideSslAlerts>) =>
  outcome.alerts.map((alert) => [alert.kind, alert.certificate.thresholdDays]);

describe('expiry thresholds', () => {
  it.each([
    [45, undefined],
    [30, 30],
    [29, 30],
    [15, 30],
    [14, 14],
    [13, 14],
    [7, 7],
    [6, 7],
    [3, 3],
    [2, 3],
    [1, 1],
    [0, 1],
    [-1, undefined],
  ])('a certificate with %i days left is inside the %s-day threshold', (days, threshold) => {
    expect(thresholdFor(days)).toBe(threshold);
  });

  it('sends only the 14-day warning for a certificate first seen with 13 days left, and nothing again', () => {
    const first = decideSslAlerts(FRESH, result('A', 13));
    expect(kinds(first)).toEqual([['ssl.expiring', 14]]);
    expect(first.next.warnedDays).toEqual([30, 14]);
    expect(kinds(decideSslAlerts(first.next, result('A', 12)))).toEqual([]);
    expect(kinds(decideSslAlerts(first.next, result('A', 8)))).toEqual([]);
  });

  it('walks down 30, 14, 7, 3, 1 one warning at a time', () => {
    let state = FRESH;
    const sent: unknown[] = [];
    for (let days = 40; days >= -2; days -= 1) {
      const outcome = decideSslAlerts(state, result('A', days));
      sent.push(...kinds(outcome));
      state = outcome.next;
    }
    expect(sent).toEqual([
      ['ssl.expiring', 30],
      ['ssl.expiring', 14],
      ['ssl.expiring', 7],
      ['ssl.expiring', 3],
      ['ssl.expiring', 1],
    ]);
  });

  it("warns a replacement certificate afresh: each certificate's thresholds are its own", () => {
    const old = decideSslAlerts(FRESH, result('A', 10)).next;
    const replaced = decideSslAlerts(old, result('B', 5));
    expect(kinds(replaced)).toEqual([['ssl.expiring', 7]]);
  });
});

describe('renewal', () => {
  it("says 'renewed' once when a new certificate replaces one inside the 30-day window", () => {
    const expiring = decideSslAlerts(FRESH, result('A', 20)).next;
    const renewed = decideSslAlerts(expiring, result('B', 89));
    expect(kinds(renewed)).toEqual([['ssl.renewed', undefined]]);
    expect(renewed.alerts[0]?.certificate.previousValidTo).toBe(expiring.validTo);
    expect(kinds(decideSslAlerts(renewed.next, result('B', 88)))).toEqual([]);
  });

  it('stays quiet when a certificate far from expiry is replaced', () => {
    const healthy = decideSslAlerts(FRESH, result('A', 60)).next;
    expect(kinds(decideSslAlerts(healthy, result('B', 89)))).toEqual([]);
  });
});

describe('problems', () => {
  const selfSigned: SslProblem = { code: 'self_signed', message: 'Self-signed.', remedy: 'Get a real one.' };
  const weakKey: SslProblem = { code: 'weak_key', message: 'Weak key.', remedy: 'Use a bigger key.' };

  it('sends one alert for the problems that appear and one for those that clear', () => {
    const appeared = decideSslAlerts(FRESH, result('A', 60, [selfSigned, weakKey]));
    expect(appeared.alerts.map((alert) => [alert.kind, alert.certificate.problems])).toEqual([
      ['ssl.problem', [selfSigned, weakKey]],
    ]);
    expect(decideSslAlerts(appeared.next, result('A', 59, [selfSigned, weakKey])).alerts).toEqual([]);
    const partly = decideSslAlerts(appeared.next, result('A', 58, [weakKey]));
    expect(partly.alerts.map((alert) => [alert.kind, alert.certificate.clearedProblems])).toEqual([
      ['ssl.problem_cleared', ['self_signed']],
    ]);
  });

  it('keeps everything as it was when no certificate could be read', () => {
    const state = decideSslAlerts(FRESH, result('A', 13, [selfSigned])).next;
    const unreadable = { ...result('A', 13), certificate: null, daysRemaining: null, problems: [] };
    expect(decideSslAlerts(state, unreadable)).toEqual({ alerts: [], next: state });
  });
});
