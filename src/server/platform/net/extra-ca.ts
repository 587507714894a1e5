// EXTRA_CA_FILE: roots to trust besides Node's bundled ones (a private CA), read once at start
// and handed to the SSRF guard, which passes them to every TLS connection. NODE_EXTRA_CA_CERTS
// is no substitute: Node reads it only at process start, and certificate checks need the list.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The file's certificates as PEM strings; a missing, unreadable or certificate-free file is a ConfigError. */
export function readExtraCa(file: string | undefined): string[] {
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ConfigError(`Invalid EXTRA_CA_FILE: cannot read ${file} (${reason})`);
  }
  const pems = text.match(PEM_BLOCK) ?? [];
  if (pems.length === 0) throw new ConfigError(`Invalid EXTRA_CA_FILE: ${file} holds no PEM certificate`);
  for (const pem of pems) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new ConfigError(`Invalid EXTRA_CA_FILE: ${file} holds a certificate that cannot be parsed`);
    }
  }
  return pems;
}
