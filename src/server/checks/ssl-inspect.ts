// Reads the peer chain a TLS handshake delivered: the leaf's facts, the chain as sent, and
// whether it is complete and leads to a trusted root. Verification is done here, link by link,
// rather than taken from OpenSSL's single error code, so an expired leaf from a trusted CA still
// counts as trusted and each problem is reported on its own.
import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate } from 'node:tls';
import { rootCertificates } from 'node:tls';
import type { Certificate, ChainEntry } from '../../core/api/ssl.ts';
import { signatureAlgorithmOf } from './ssl-der.ts';

export interface ChainFacts {
  certificate: Certificate;
  /** Leaf first. Node appends the root from the trust store when it knows it. */
  chain: ChainEntry[];
  /** Every certificate up to a root was sent (a root itself may be left out). */
  chainComplete: boolean;
  trusted: boolean;
  /** The leaf signed itself and nothing trusted vouches for it. */
  selfSignedLeaf: boolean;
  /** The root the chain leads to: the top certificate if it signed itself, else its issuer. */
  rootName: string;
  /** For the hostname check (tls.checkServerIdentity takes Node's legacy object). */
  legacyLeaf: DetailedPeerCertificate;
}

interface TrustStore {
  fingerprints: Set<string>;
  certificates: X509Certificate[];
}

// Parsing Node's ~140 bundled roots takes milliseconds: once per extra-CA list, not per check.
const STORES = new WeakMap<readonly string[], TrustStore>();
const NO_EXTRA: readonly string[] = [];

function trustStoreOf(extraCa: readonly string[]): TrustStore {
  const key = extraCa.length ? extraCa : NO_EXTRA;
  let store = STORES.get(key);
  if (!store) {
    const certificates = [...rootCertificates, ...key].map((pem) => new X509Certificate(pem));
    store = { certificates, fingerprints: new Set(certificates.map((cert) => cert.fingerprint256)) };
    STORES.set(key, store);
  }
  return store;
}

const issuedBy = (subject: X509Certificate, issuer: X509Certificate) =>
  subject.checkIssued(issuer) && subject.verify(issuer.publicKey);

/** The peer chain as Node links it (issuerCertificate), leaf first, without the self-loop. */
function walk(peer: DetailedPeerCertificate): DetailedPeerCertificate[] {
  const chain: DetailedPeerCertificate[] = [];
  const seen = new Set<string>();
  let current: DetailedPeerCertificate | undefined = peer;
  while (current?.raw && !seen.has(current.fingerprint256)) {
    seen.add(current.fingerprint256);
    chain.push(current);
    current = current.issuerCertificate;
  }
  return chain;
}

function nameOf(fields: Record<string, string | string[] | undefined> | undefined): string | null {
  const value = fields?.CN ?? fields?.O;
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** 'DNS:a.example, IP Address:127.0.0.1' → ['a.example', '127.0.0.1']. */
export function altNamesOf(subjectaltname: string | undefined): string[] {
  if (!subjectaltname) return [];
  return subjectaltname
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:') || entry.startsWith('IP Address:'))
    .map((entry) => entry.slice(entry.indexOf(':') + 1));
}

const CURVE_BITS: Record<string, number> = {
  prime256v1: 256,
  secp256k1: 256,
  secp384r1: 384,
  secp521r1: 521,
};
const KEY_TYPES: Record<string, string> = {
  rsa: 'RSA',
  'rsa-pss': 'RSA',
  ec: 'EC',
  dsa: 'DSA',
  ed25519: 'Ed25519',
  ed448: 'Ed448',
};

function keyOf(
  cert: X509Certificate,
  legacy: DetailedPeerCertificate,
): { type: string | null; bits: number | null } {
  const key = cert.publicKey;
  const kind = key.asymmetricKeyType ?? '';
  const details = key.asymmetricKeyDetails ?? {};
  const bits =
    details.modulusLength ??
    (details.namedCurve ? CURVE_BITS[details.namedCurve] : undefined) ??
    (kind === 'ed25519' ? 256 : kind === 'ed448' ? 456 : undefined) ??
    (typeof legacy.bits === 'number' ? legacy.bits : null);
  return { type: KEY_TYPES[kind] ?? (kind || null), bits };
}

function describe(legacy: DetailedPeerCertificate, cert: X509Certificate): Certificate {
  const key = keyOf(cert, legacy);
  return {
    subjectCn: first(legacy.subject?.CN),
    subjectAltNames: altNamesOf(legacy.subjectaltname),
    issuer: nameOf(legacy.issuer) ?? cert.issuer,
    issuerOrganization: first(legacy.issuer?.O),
    serialNumber: cert.serialNumber.toUpperCase(),
    fingerprintSha256: cert.fingerprint256,
    validFrom: Date.parse(cert.validFrom),
    validTo: Date.parse(cert.validTo),
    keyType: key.type,
    keyBits: key.bits,
    signatureAlgorithm: signatureAlgorithmOf(cert.raw),
  };
}

export function inspectChain(peer: DetailedPeerCertificate, extraCa: readonly string[]): ChainFacts {
  const legacy = walk(peer);
  const certs = legacy.map((entry) => new X509Certificate(entry.raw));
  // Only the run of certificates that really sign each other counts; strays after a break do not.
  let linked = 1;
  while (
    linked < certs.length &&
    issuedBy(certs[linked - 1] as X509Certificate, certs[linked] as X509Certificate)
  )
    linked += 1;
  const path = certs.slice(0, linked);
  const leaf = path[0] as X509Certificate;
  const top = path[path.length - 1] as X509Certificate;
  const store = trustStoreOf(extraCa);
  const topIsRoot = issuedBy(top, top);
  const issuerKnown = !topIsRoot && store.certificates.some((candidate) => issuedBy(top, candidate));
  const topLegacy = legacy[path.length - 1] as DetailedPeerCertificate;
  const trusted = issuerKnown || path.some((cert) => store.fingerprints.has(cert.fingerprint256));
  return {
    certificate: describe(legacy[0] as DetailedPeerCertificate, leaf),
    chain: legacy.map((entry, index) => {
      const cert = certs[index] as X509Certificate;
      return {
        subject: nameOf(entry.subject) ?? cert.subject,
        issuer: nameOf(entry.issuer) ?? cert.issuer,
        validTo: Date.parse(cert.validTo),
        fingerprintSha256: cert.fingerprint256,
        selfSigned: issuedBy(cert, cert),
      };
    }),
    // Servers need not send the root, but must send every intermediate: a chain that stops at a
    // CA certificate is complete, one that stops at a leaf signed by someone else is not.
    chainComplete: topIsRoot || issuerKnown || trusted || top.ca,
    trusted,
    selfSignedLeaf: path.length === 1 && topIsRoot && !trusted,
    rootName: (topIsRoot ? nameOf(topLegacy.subject) : nameOf(topLegacy.issuer)) ?? top.issuer,
    legacyLeaf: legacy[0] as DetailedPeerCertificate,
  };
}
