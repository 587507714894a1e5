// Turns what the certificate check read into the problems people see: each with what is wrong
// and what to do about it. Pure: the caller passes "now" from its clock.
import type { SslProblem } from '../../core/api/ssl.ts';
import type { ChainFacts } from './ssl-inspect.ts';

export const DAY_MS = 86_400_000;
const WEAK_PROTOCOLS = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);
const PROTOCOL_NAMES: Record<string, string> = { SSLv3: 'SSL 3.0', TLSv1: 'TLS 1.0', 'TLSv1.1': 'TLS 1.1' };
const MIN_KEY_BITS: Record<string, number> = { RSA: 2048, EC: 256 };

/** Whole days until validTo, rounded down: negative once expired. */
export function daysRemaining(validTo: number, now: number): number {
  return Math.floor((validTo - now) / DAY_MS);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 3, 2026' (UTC: alerts and the API speak one calendar). */
export function formatDay(at: number): string {
  return dateFormat.format(at);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export interface ProblemInput {
  facts: ChainFacts;
  hostname: string;
  hostnameMatch: boolean;
  protocol: string | null;
  now: number;
}

export function classifyProblems({
  facts,
  hostname,
  hostnameMatch,
  protocol,
  now,
}: ProblemInput): SslProblem[] {
  const { certificate } = facts;
  const problems: SslProblem[] = [];
  if (now > certificate.validTo) {
    const ago = Math.max(1, Math.ceil((now - certificate.validTo) / DAY_MS));
    problems.push({
      code: 'expired',
      message: `The certificate expired on ${formatDay(certificate.validTo)} (${plural(ago, 'day')} ago); browsers refuse it.`,
      remedy: 'Renew the certificate and deploy it with its intermediates.',
    });
  } else if (now < certificate.validFrom) {
    problems.push({
      code: 'not_yet_valid',
      message: `The certificate is not valid until ${formatDay(certificate.validFrom)}.`,
      remedy: "Check the server's clock, or deploy a certificate that is valid today.",
    });
  }
  if (facts.selfSignedLeaf) {
    problems.push({
      code: 'self_signed',
      message: 'The certificate is self-signed, so no browser trusts it.',
      remedy:
        "Use a certificate from a public authority such as Let's Encrypt, or add your own CA to EXTRA_CA_FILE if only your own machines use this server.",
    });
  } else if (!facts.chainComplete) {
    problems.push({
      code: 'incomplete_chain',
      message: `The server does not send the intermediate certificate of "${certificate.issuer}", so clients that have not cached it cannot verify the certificate.`,
      remedy:
        'Configure the server to send the full chain: the certificate, then every intermediate (e.g. fullchain.pem).',
    });
  } else if (!facts.trusted) {
    problems.push({
      code: 'untrusted_root',
      message: `The chain leads to "${facts.rootName}", which is not a trusted root authority.`,
      remedy: 'Use a certificate from a publicly trusted authority, or add your private CA to EXTRA_CA_FILE.',
    });
  }
  if (!hostnameMatch) {
    const names = certificate.subjectAltNames.length
      ? certificate.subjectAltNames.join(', ')
      : (certificate.subjectCn ?? 'no name');
    problems.push({
      code: 'hostname_mismatch',
      message: `The certificate covers ${names}, not ${hostname}.`,
      remedy: `Issue a certificate that lists ${hostname} among its subject alternative names.`,
    });
  }
  if (protocol && WEAK_PROTOCOLS.has(protocol)) {
    problems.push({
      code: 'weak_protocol',
      message: `The server's best protocol is ${PROTOCOL_NAMES[protocol] ?? protocol}; browsers require TLS 1.2 or newer.`,
      remedy: 'Enable TLS 1.2 and TLS 1.3 on the server and turn off TLS 1.0 and 1.1.',
    });
  }
  const minBits = certificate.keyType ? MIN_KEY_BITS[certificate.keyType] : undefined;
  if (minBits && certificate.keyBits !== null && certificate.keyBits < minBits) {
    problems.push({
      code: 'weak_key',
      message: `The certificate's ${certificate.keyType} key has ${certificate.keyBits} bits; at least ${minBits} are needed.`,
      remedy: 'Issue a new certificate with a 2048-bit (or larger) RSA key or a 256-bit (or larger) EC key.',
    });
  }
  return problems;
}
