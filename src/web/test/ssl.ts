import type { Certificate, SslCheck, SslOverview } from '../../core/api/ssl';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);
const DAY_MS = 86_400_000;

export const LEAF_FINGERPRINT =
  'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';
const OLD_FINGERPRINT =
  '11:22:33:44:55:66:77:88:99:00:AA:BB:CC:DD:EE:FF:11:22:33:44:55:66:77:88:99:00:AA:BB:CC:DD:EE:FF';

export function makeCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    subjectCn: 'acme.dev',
    subjectAltNames: ['acme.dev', 'www.acme.dev'],
    issuer: 'R11',
    issuerOrganization: "Let's Encrypt",
    serialNumber: '04A1B2C3D4E5F6',
    fingerprintSha256: LEAF_FINGERPRINT,
    validFrom: NOW - 60 * DAY_MS,
    validTo: NOW + 30 * DAY_MS,
    keyType: 'EC',
    keyBits: 256,
    signatureAlgorithm: 'sha256WithRSAEncryption',
    ...overrides,
  };
}

export function makeSslCheck(overrides: Partial<SslCheck> = {}): SslCheck {
  return {
    id: 'ssl-1',
    monitorId: 'm-1',
    checkedAt: NOW - 3_600_000,
    error: null,
    certificate: makeCertificate(),
    chain: [
      {
        subject: 'acme.dev',
        issuer: 'R11',
        validTo: NOW + 30 * DAY_MS,
        fingerprintSha256: LEAF_FINGERPRINT,
        selfSigned: false,
      },
      {
        subject: 'R11',
        issuer: 'ISRG Root X1',
        validTo: NOW + 500 * DAY_MS,
        fingerprintSha256: 'AA:BB',
        selfSigned: false,
      },
    ],
    protocol: 'TLSv1.3',
    cipher: 'TLS_AES_256_GCM_SHA384',
    ocspStapled: true,
    chainComplete: true,
    trusted: true,
    hostnameMatch: true,
    daysRemaining: 30,
    problems: [],
    ...overrides,
  };
}

export function makeSslOverview(overrides: Partial<SslOverview> = {}): SslOverview {
  return {
    applicable: true,
    current: makeSslCheck(),
    certificates: [
      {
        fingerprintSha256: OLD_FINGERPRINT,
        subjectCn: 'acme.dev',
        issuer: 'R10',
        validFrom: NOW - 150 * DAY_MS,
        validTo: NOW - 60 * DAY_MS,
        firstSeenAt: NOW - 120 * DAY_MS,
        lastSeenAt: NOW - 61 * DAY_MS,
      },
      {
        fingerprintSha256: LEAF_FINGERPRINT,
        subjectCn: 'acme.dev',
        issuer: 'R11',
        validFrom: NOW - 60 * DAY_MS,
        validTo: NOW + 30 * DAY_MS,
        firstSeenAt: NOW - 60 * DAY_MS,
        lastSeenAt: NOW - 3_600_000,
      },
    ],
    nextCheckAt: NOW + 11 * 3_600_000,
    ...overrides,
  };
}
