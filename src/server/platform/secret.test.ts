import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { resolveSecretKey } from './secret.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('generates a 0600 secret.key once and reuses it, so restarts keep sessions', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'upwatch-secret-')), 'nested');
  dirs.push(path.dirname(dataDir));
  const first = resolveSecretKey({ dataDir, secretKey: undefined });
  expect(first.length).toBeGreaterThanOrEqual(32);
  const file = path.join(dataDir, 'secret.key');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8').trim()).toBe(first);
  expect(resolveSecretKey({ dataDir, secretKey: undefined })).toBe(first);
});

it('prefers SECRET_KEY and writes nothing then', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-secret-'));
  dirs.push(dataDir);
  expect(resolveSecretKey({ dataDir, secretKey: 'k'.repeat(40) })).toBe('k'.repeat(40));
  expect(() => statSync(path.join(dataDir, 'secret.key'))).toThrow();
});
