// RFC 6238 codes from an otpauth:// URI, as an authenticator app computes them: for tests that
// sign in with a second factor.
import { createHmac } from 'node:crypto';

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code for `at` (epoch ms) from the URI's secret, 30-second steps. */
export function totpCode(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the URI');
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
