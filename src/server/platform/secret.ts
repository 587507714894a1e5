import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * SECRET_KEY when set; otherwise a key generated once into DATA_DIR/secret.key, so
 * `npm start` works with no set-up and restarts keep sessions valid.
 */
export function resolveSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
