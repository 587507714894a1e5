// Test certificates made with the openssl CLI at test time: a CA the tests trust, a valid and an
// expired leaf signed by it, and a self-signed leaf nobody trusts. All for localhost and 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  ca: string;
  key: string;
  validCert: string;
  expiredCert: string;
  selfSignedCert: string;
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
`;

export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'upwatch-certs-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    writeFileSync(join(dir, 'ca.cnf'), CA_CONFIG);
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '01\n');
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '1',
      '-subj',
      '/CN=Upwatch Test CA',
    );
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'self.crt',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      SAN,
    );
    openssl('req', '-new', '-key', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost', '-addext', SAN);
    const sign = (out: string, validity: string[]) =>
      openssl(
        'ca',
        '-batch',
        '-notext',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.crt',
        '-keyfile',
        'ca.key',
        '-in',
        'leaf.csr',
        '-out',
        out,
        ...validity,
      );
    sign('valid.crt', ['-days', '1']);
    sign('expired.crt', ['-startdate', '20200101000000Z', '-enddate', '20200102000000Z']);
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    return {
      ca: read('ca.crt'),
      key: read('leaf.key'),
      validCert: read('valid.crt'),
      expiredCert: read('expired.crt'),
      selfSignedCert: read('self.crt'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
