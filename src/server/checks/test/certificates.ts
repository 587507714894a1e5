// Test certificates made with the openssl CLI at test time: a root CA the tests trust, an
// intermediate under it, and leaves for every case the certificate check tells apart. All for
// localhost and 127.0.0.1 unless the case is about the name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** The root CA (PEM). */
  ca: string;
  /** The 2048-bit RSA key of every leaf except `weakKeyCert`'s. */
  key: string;
  /** Signed by the root directly, valid for a day. */
  validCert: string;
  expiredCert: string;
  selfSignedCert: string;
  /** An intermediate CA signed by the root; the leaves below are signed by it. */
  intermediate: string;
  /** Valid for 90 days from now; serve it as `${chainedCert}${intermediate}` for a complete chain. */
  chainedCert: string;
  /** Another certificate for the same names and key, valid for 180 days: a renewal. */
  renewedCert: string;
  /** Expired on 2020-01-02. */
  expiredChainedCert: string;
  /** Valid from 2099-01-01 on. */
  notYetValidCert: string;
  /** For other.example only. */
  wrongHostCert: string;
  weakKey: string;
  /** A 1024-bit RSA leaf. */
  weakKeyCert: string;
}

const SAN = 'subjectAltName=DNS:localhost,IP:127.0.0.1';

const CA_CONFIG = `[ca]
default_ca = test_ca
[test_ca]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[any]
commonName = supplied
[intermediate]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = CA:FALSE
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

type OpenSsl = (...args: string[]) => void;

/** Signs `csr` into `out` with the given CA files, under the given extension section. */
function signer(openssl: OpenSsl) {
  return (issuer: 'ca' | 'int', csr: string, out: string, extensions: string, validity: string[]) =>
    openssl(
      'ca',
      '-batch',
      '-notext',
      '-config',
      'ca.cnf',
      '-cert',
      `${issuer}.crt`,
      '-keyfile',
      `${issuer}.key`,
      '-extensions',
      extensions,
      '-in',
      csr,
      '-out',
      out,
      ...validity,
    );
}

export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'upwatch-certs-'));
  const openssl: OpenSsl = (...args) => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  const request = (key: string, out: string, subject: string, san = SAN) =>
    openssl('req', '-new', '-key', key, '-out', out, '-subj', subject, '-addext', san);
  try {
    writeFileSync(join(dir, 'ca.cnf'), CA_CONFIG);
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '01\n');
    const newKey = (out: string, bits: number) =>
      openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${bits}`, '-out', out);
    newKey('ca.key', 2048);
    openssl(
      'req',
      '-x509',
      '-key',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '3650',
      '-subj',
      '/CN=Upwatch Test CA',
    );
    newKey('leaf.key', 2048);
    openssl(
      'req',
      '-x509',
      '-key',
      'leaf.key',
      '-out',
      'self.crt',
      '-days',
      '90',
      '-subj',
      '/CN=localhost',
      '-addext',
      SAN,
    );
    request('leaf.key', 'leaf.csr', '/CN=localhost');
    const sign = signer(openssl);
    sign('ca', 'leaf.csr', 'valid.crt', 'leaf', ['-days', '1']);
    sign('ca', 'leaf.csr', 'expired.crt', 'leaf', [
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
    ]);

    newKey('int.key', 2048);
    openssl('req', '-new', '-key', 'int.key', '-out', 'int.csr', '-subj', '/CN=Upwatch Test Intermediate');
    sign('ca', 'int.csr', 'int.crt', 'intermediate', ['-days', '3650']);
    sign('int', 'leaf.csr', 'chained.crt', 'leaf', ['-days', '90']);
    sign('int', 'leaf.csr', 'renewed.crt', 'leaf', ['-days', '180']);
    sign('int', 'leaf.csr', 'expired-chained.crt', 'leaf', [
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
    ]);
    sign('int', 'leaf.csr', 'future.crt', 'leaf', [
      '-startdate',
      '20990101000000Z',
      '-enddate',
      '20991231000000Z',
    ]);
    request('leaf.key', 'other.csr', '/CN=other.example', 'subjectAltName=DNS:other.example');
    sign('int', 'other.csr', 'other.crt', 'leaf', ['-days', '90']);
    newKey('weak.key', 1024);
    request('weak.key', 'weak.csr', '/CN=localhost');
    sign('int', 'weak.csr', 'weak.crt', 'leaf', ['-days', '90']);

    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    return {
      ca: read('ca.crt'),
      key: read('leaf.key'),
      validCert: read('valid.crt'),
      expiredCert: read('expired.crt'),
      selfSignedCert: read('self.crt'),
      intermediate: read('int.crt'),
      chainedCert: read('chained.crt'),
      renewedCert: read('renewed.crt'),
      expiredChainedCert: read('expired-chained.crt'),
      notYetValidCert: read('future.crt'),
      wrongHostCert: read('other.crt'),
      weakKey: read('weak.key'),
      weakKeyCert: read('weak.crt'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
