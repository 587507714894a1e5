// The one X.509 field Node 20 does not expose: the signature algorithm, read from the DER.
// Certificate ::= SEQUENCE { tbsCertificate SEQUENCE, signatureAlgorithm SEQUENCE { OID, … }, … }

const ALGORITHMS: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};

interface Element {
  tag: number;
  /** Offset of the contents. */
  start: number;
  length: number;
}

function elementAt(der: Uint8Array, offset: number): Element {
  const tag = der[offset];
  let length = der[offset + 1];
  if (tag === undefined || length === undefined) throw new RangeError('Truncated DER');
  let start = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    length = 0;
    for (let i = 0; i < octets; i += 1) length = length * 256 + (der[start + i] ?? 0);
    start += octets;
  }
  if (start + length > der.length) throw new RangeError('Truncated DER');
  return { tag, start, length };
}

function decodeOid(bytes: Uint8Array): string {
  const first = bytes[0] ?? 0;
  const parts = [Math.floor(first / 40), first % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** e.g. 'sha256WithRSAEncryption'; the dotted OID when unknown; null when the DER is not a certificate. */
export function signatureAlgorithmOf(der: Uint8Array): string | null {
  try {
    const certificate = elementAt(der, 0);
    const tbs = elementAt(der, certificate.start);
    const algorithm = elementAt(der, tbs.start + tbs.length);
    const oid = elementAt(der, algorithm.start);
    if (oid.tag !== 0x06) return null;
    const dotted = decodeOid(der.subarray(oid.start, oid.start + oid.length));
    return ALGORITHMS[dotted] ?? dotted;
  } catch {
    return null;
  }
}
