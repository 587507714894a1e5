// What an API key looks like and how it is recognised without being stored: 43 random base62
// characters (256 bits) after a fixed prefix, kept only as a SHA-256 hash. A hash without a
// secret is enough here: the key is random, so there is nothing to guess from its hash.
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS } from '../../core/api/api-keys.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 43;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS}}$`);
// The largest multiple of 62 below 256: bytes at or above it are skipped, so every character is equally likely.
const UNBIASED_BELOW = 248;

export function generateApiKey(): string {
  let out = '';
  while (out.length < RANDOM_CHARS) {
    for (const byte of randomBytes(64)) {
      if (byte < UNBIASED_BELOW && out.length < RANDOM_CHARS) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${API_KEY_PREFIX}${out}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, API_KEY_VISIBLE_CHARS);
}

/** Malformed tokens are refused before any database lookup. */
export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}
