import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { httpCheckRunner as runner } from './http.ts';
import { createTestCertificates, type TestCertificates } from './test/certificates.ts';
import { startTarget, type Target, testContext } from './test/targets.ts';

let certs: TestCertificates;
let valid: Target;
let expired: Target;
let selfSigned: Target;

beforeAll(async () => {
  certs = createTestCertificates();
  const serve = (cert: string) =>
    startTarget((_req, res) => res.end('secure'), { tls: { key: certs.key, cert } });
  [valid, expired, selfSigned] = await Promise.all([
    serve(certs.validCert),
    serve(certs.expiredCert),
    serve(certs.selfSignedCert),
  ]);
});

afterAll(async () => {
  await Promise.all([valid, expired, selfSigned].map((target) => target?.close()));
});

// Trust the test CA the way a deployment trusts its roots; the self-signed leaf stays untrusted.
const trusting = () => testContext({ ca: [certs.ca] });
const byName = (target: Target) => `https://localhost:${target.port}/`;

describe('httpCheckRunner over TLS', () => {
  it('reports up with the TLS handshake timed and the peer certificate fingerprint and expiry', async () => {
    const result = await runner.run(
      { url: byName(valid) },
      testContext({ ca: [certs.ca], resolve: tableResolver({ localhost: ['127.0.0.1'] }) }),
    );
    const leaf = new X509Certificate(certs.validCert);
    expect(result).toMatchObject({ status: 'up', statusCode: 200, failure: null });
    expect(result.tls).toEqual({
      fingerprintSha256: leaf.fingerprint256,
      validFrom: Date.parse(leaf.validFrom),
      validTo: Date.parse(leaf.validTo),
      subject: 'localhost',
      issuer: 'Upwatch Test CA',
      authorized: true,
      authorizationError: null,
    });
    expect(result.timings.tlsMs).toBeGreaterThan(0);
    const { dnsMs, connectMs, tlsMs, ttfbMs, downloadMs, totalMs } = result.timings;
    expect(dnsMs + connectMs + tlsMs + ttfbMs + downloadMs).toBe(totalMs);
  });

  it('checks an IP-literal https URL against the certificate IP address', async () => {
    const result = await runner.run({ url: `${valid.origin}/` }, trusting());
    expect(result.status).toBe('up');
  });

  it('fails an expired certificate with tls_error', async () => {
    const result = await runner.run({ url: `${expired.origin}/` }, trusting());
    expect(result).toMatchObject({ status: 'down', statusCode: null });
    expect(result.failure).toEqual({
      code: 'tls_error',
      message: `TLS failed for 127.0.0.1:${expired.port}: the certificate has expired.`,
    });
  });

  it('fails an untrusted self-signed certificate with tls_error', async () => {
    const result = await runner.run({ url: `${selfSigned.origin}/` }, trusting());
    expect(result.failure).toEqual({
      code: 'tls_error',
      message: `TLS failed for 127.0.0.1:${selfSigned.port}: the certificate is self-signed.`,
    });
  });

  it('fails a certificate that does not cover the host name', async () => {
    const ctx = testContext({ ca: [certs.ca], resolve: tableResolver({ 'other.test': ['127.0.0.1'] }) });
    const result = await runner.run({ url: `https://other.test:${valid.port}/` }, ctx);
    expect(result.failure?.code).toBe('tls_error');
    expect(result.failure?.message).toContain('the certificate does not cover this host name');
  });

  it('fails a complete chain whose root is not trusted, and passes it once the root is an extra CA', async () => {
    const chained = await startTarget((_req, res) => res.end('secure'), {
      tls: { key: certs.key, cert: `${certs.chainedCert}${certs.intermediate}` },
    });
    try {
      const resolve = tableResolver({ localhost: ['127.0.0.1'] });
      const untrusted = await runner.run({ url: byName(chained) }, testContext({ resolve }));
      expect(untrusted.failure).toEqual({
        code: 'tls_error',
        message: `TLS failed for localhost:${chained.port}: the certificate is not signed by a trusted authority.`,
      });
      const trusted = await runner.run({ url: byName(chained) }, testContext({ ca: [certs.ca], resolve }));
      expect(trusted).toMatchObject({ status: 'up', failure: null });
    } finally {
      await chained.close();
    }
  });

  it('accepts an expired certificate when told to ignore TLS errors, still reporting why', async () => {
    const result = await runner.run({ url: `${expired.origin}/`, ignoreTlsErrors: true }, trusting());
    expect(result).toMatchObject({ status: 'up', statusCode: 200 });
    expect(result.tls).toMatchObject({ authorized: false, authorizationError: 'CERT_HAS_EXPIRED' });
    expect(result.tls?.validTo).toBe(Date.parse('2020-01-02T00:00:00Z'));
  });
});
