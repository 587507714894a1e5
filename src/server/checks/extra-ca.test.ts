import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../platform/config.ts';
import { readExtraCa } from '../platform/net/extra-ca.ts';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { sslCheckRunner } from './ssl.ts';
import { createTestCertificates, type TestCertificates } from './test/certificates.ts';
import { startTarget, type Target, testContext } from './test/targets.ts';

let dir: string;
let certs: TestCertificates;
let target: Target;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'upwatch-extra-ca-'));
  certs = createTestCertificates();
  target = await startTarget((_req, res) => res.end('ok'), {
    tls: { key: certs.key, cert: `${certs.chainedCert}${certs.intermediate}` },
  });
});
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const where = path.join(dir, name);
  writeFileSync(where, text);
  return where;
}

describe('EXTRA_CA_FILE', () => {
  it('is resolved to an absolute path by the config', () => {
    expect(parseConfig({ EXTRA_CA_FILE: 'certs/ca.pem' }).extraCaFile).toBe(path.resolve('certs/ca.pem'));
    expect(parseConfig({}).extraCaFile).toBeUndefined();
  });

  it('yields every certificate in the file, so certificate checks trust the private CA', async () => {
    const ca = readExtraCa(file('bundle.pem', `# our roots\n${certs.ca}\n${certs.intermediate}`));
    expect(ca).toHaveLength(2);
    const resolve = tableResolver({ localhost: ['127.0.0.1'] });
    const url = `https://localhost:${target.port}/`;
    const trusted = await sslCheckRunner.run({ url }, testContext({ ca, resolve }));
    expect(trusted).toMatchObject({ trusted: true, problems: [] });
    const untrusted = await sslCheckRunner.run({ url }, testContext({ ca: readExtraCa(undefined), resolve }));
    expect(untrusted.problems.map((problem) => problem.code)).toEqual(['untrusted_root']);
  });

  it('refuses a missing file and one without certificates, naming the variable', () => {
    const missing = path.join(dir, 'missing.pem');
    expect(() => readExtraCa(missing)).toThrow(
      new ConfigError(`Invalid EXTRA_CA_FILE: cannot read ${missing} (ENOENT)`),
    );
    const empty = file('empty.pem', 'not a certificate');
    expect(() => readExtraCa(empty)).toThrow(
      new ConfigError(`Invalid EXTRA_CA_FILE: ${empty} holds no PEM certificate`),
    );
  });
});
