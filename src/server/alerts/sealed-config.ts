// Channel configs hold webhook URLs (which are credentials: anyone holding a Slack URL can post)
// and signing secrets that must be recoverable, so they are sealed with AES-256-GCM under a
// key derived from SECRET_KEY. The channel id is bound in as associated data, so a sealed
// config copied onto another row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealKey = Buffer & { readonly __sealKey: true };

export function deriveSealKey(secret: string): SealKey {
  return Buffer.from(hkdfSync('sha256', secret, 'upwatch', 'alert-channel-config v1', 32)) as SealKey;
}

export function seal(key: SealKey, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the text was not sealed with this key for this id (or was tampered with). */
export function unseal(key: SealKey, sealed: string, boundTo: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed config format.');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
