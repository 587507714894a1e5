import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sslCheckSchema } from '../../core/api/ssl.ts';
import { ManualClock } from '../platform/clock.ts';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { sslCheckRunner as runner } from './ssl.ts';
import { DAY_MS } from './ssl-problems.ts';
import { createTestCertificates, type TestCertificates } from './test/certificates.ts';
import { startTarget, type Target, testContext } from './test/targets.ts';

let certs: TestCertificates;
const targets: Record<string, Target> = {};

const OLD_TLS = { minVersion: 'TLSv1.1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' } as const;

beforeAll(async () => {
  certs = createTestCertificates();
  const chained = (cert: string) => `${cert}${certs.intermediate}`;
  const cases = {
    good: { key: certs.key, cert: chained(certs.chainedCert) },
    expired: { key: certs.key, cert: chained(certs.expiredChainedCert) },
    future: { key: certs.key, cert: chained(certs.notYetValidCert) },
    selfSigned: { key: certs.key, cert: certs.selfSignedCert },
    wrongHost: { key: certs.key, cert: chained(certs.wrongHostCert) },
    noIntermediate: { key: certs.key, cert: certs.chainedCert },
    weakKey: { key: certs.weakKey, cert: chained(certs.weakKeyCert), ciphers: 'DEFAULT@SECLEVEL=0' },
    oldTls: { key: certs.key, cert: chained(certs.chainedCert), ...OLD_TLS },
  };
  await Promise.all(
    Object.entries(cases).map(async ([name, tls]) => {
      targets[name] = await startTarget((_req, res) => res.end('ok'), { tls });
    }),
  );
});

afterAll(async () => {
  await Promise.all(Object.values(targets).map((target) => target.close()));
});

const resolve = () => tableResolver({ localhost: ['127.0.0.1'] });
const trusting = (clock = new ManualClock(Date.now())) =>
  testContext({ ca: [certs.ca], resolve: resolve() }, { clock });
const urlOf = (name: string) => `https://localhost:${targets[name]?.port}/`;
const codes = (result: { problems: { code: string }[] }) => result.problems.map((problem) => problem.code);

describe('sslCheckRunner', () => {
  it('reads a complete, trusted chain with every certificate fact and no problems', async () => {
    const result = await runner.run({ url: urlOf('good') }, trusting());
    const leaf = new X509Certificate(certs.chainedCert);
    expect(result).toMatchObject({
      status: 'up',
      failure: null,
      chainComplete: true,
      trusted: true,
      hostnameMatch: true,
      protocol: 'TLSv1.3',
      ocspStapled: false,
      problems: [],
    });
    expect(result.cipher).toMatch(/^TLS_/);
    expect(result.certificate).toEqual({
      subjectCn: 'localhost',
      subjectAltNames: ['localhost', '127.0.0.1'],
      issuer: 'Upwatch Test Intermediate',
      issuerOrganization: null,
      serialNumber: leaf.serialNumber.toUpperCase(),
      fingerprintSha256: leaf.fingerprint256,
      validFrom: Date.parse(leaf.validFrom),
      validTo: Date.parse(leaf.validTo),
      keyType: 'RSA',
      keyBits: 2048,
      signatureAlgorithm: 'sha256WithRSAEncryption',
    });
    expect(result.chain.map((entry) => [entry.subject, entry.issuer, entry.selfSigned])).toEqual([
      ['localhost', 'Upwatch Test Intermediate', false],
      ['Upwatch Test Intermediate', 'Upwatch Test CA', false],
      ['Upwatch Test CA', 'Upwatch Test CA', true],
    ]);
    expect(
      sslCheckSchema.omit({ id: true, monitorId: true, checkedAt: true, error: true }).parse(result),
    ).toBeTruthy();
  });

  it('counts days remaining as whole days, rounded down, on the injected clock', async () => {
    const validTo = Date.parse(new X509Certificate(certs.chainedCert).validTo);
    const clock = new ManualClock(validTo - 13 * DAY_MS - 1);
    expect((await runner.run({ url: urlOf('good') }, trusting(clock))).daysRemaining).toBe(13);
    clock.advance(2);
    expect((await runner.run({ url: urlOf('good') }, trusting(clock))).daysRemaining).toBe(12);
  });

  it('trusts the chain when the test CA is among the extra CAs and reports untrusted_root when it is not', async () => {
    const trusted = await runner.run({ url: urlOf('good') }, trusting());
    const untrusted = await runner.run({ url: urlOf('good') }, testContext({ resolve: resolve() }));
    expect(trusted).toMatchObject({ trusted: true, chainComplete: true });
    expect(codes(trusted)).toEqual([]);
    expect(untrusted).toMatchObject({ trusted: false, chainComplete: true, status: 'degraded' });
    expect(untrusted.problems).toEqual([
      {
        code: 'untrusted_root',
        message: 'The chain leads to "Upwatch Test CA", which is not a trusted root authority.',
        remedy:
          'Use a certificate from a publicly trusted authority, or add your private CA to EXTRA_CA_FILE.',
      },
    ]);
  });

  it.each([
    ['expired', 'expired'],
    ['future', 'not_yet_valid'],
    ['selfSigned', 'self_signed'],
    ['wrongHost', 'hostname_mismatch'],
    ['noIntermediate', 'incomplete_chain'],
    ['weakKey', 'weak_key'],
    ['oldTls', 'weak_protocol'],
  ])('classifies the %s server as exactly %s', async (name, code) => {
    const result = await runner.run({ url: urlOf(name) }, trusting());
    expect(codes(result)).toEqual([code]);
    expect(result.status).toBe('degraded');
    for (const problem of result.problems) {
      expect(problem.message.length).toBeGreaterThan(20);
      expect(problem.remedy.length).toBeGreaterThan(20);
    }
  });

  it('explains each problem in sentences naming what it found', async () => {
    const [wrongHost, weakKey, oldTls, noIntermediate] = await Promise.all(
      ['wrongHost', 'weakKey', 'oldTls', 'noIntermediate'].map((name) =>
        runner.run({ url: urlOf(name) }, trusting()),
      ),
    );
    const expired = await runner.run(
      { url: urlOf('expired') },
      trusting(new ManualClock(Date.UTC(2026, 10, 22))),
    );
    expect(expired?.problems[0]?.message).toBe(
      'The certificate expired on Jan 2, 2020 (2516 days ago); browsers refuse it.',
    );
    expect(expired?.daysRemaining).toBe(-2516);
    expect(wrongHost?.problems[0]?.message).toBe('The certificate covers other.example, not localhost.');
    expect(weakKey?.problems[0]?.message).toBe(
      "The certificate's RSA key has 1024 bits; at least 2048 are needed.",
    );
    expect(weakKey?.certificate).toMatchObject({ keyType: 'RSA', keyBits: 1024 });
    expect(oldTls?.protocol).toBe('TLSv1.1');
    expect(oldTls?.problems[0]?.message).toBe(
      "The server's best protocol is TLS 1.1; browsers require TLS 1.2 or newer.",
    );
    expect(noIntermediate).toMatchObject({ chainComplete: false, trusted: false });
    expect(noIntermediate?.problems[0]?.message).toBe(
      'The server does not send the intermediate certificate of "Upwatch Test Intermediate", so clients that have not cached it cannot verify the certificate.',
    );
  });

  it('checks an IP-literal URL against the certificate IP addresses', async () => {
    const result = await runner.run({ url: `https://127.0.0.1:${targets.good?.port}/` }, trusting());
    expect(result).toMatchObject({ hostnameMatch: true, problems: [] });
  });

  it('reports a refused connection as down with no certificate', async () => {
    const closed = await startTarget((_req, res) => res.end());
    await closed.close();
    const result = await runner.run({ url: `https://127.0.0.1:${closed.port}/` }, trusting());
    expect(result).toMatchObject({ status: 'down', certificate: null, chain: [], daysRemaining: null });
    expect(result.failure).toEqual({
      code: 'connection_refused',
      message: `Could not connect to 127.0.0.1:${closed.port} (connection refused).`,
    });
  });

  it('refuses a private target through the SSRF guard', async () => {
    const ctx = testContext({ allowPrivateTargets: false, resolve: resolve() });
    const result = await runner.run({ url: urlOf('good') }, ctx);
    expect(result.failure?.code).toBe('private_target');
    expect(ctx.attempts).toEqual([]);
  });
});
