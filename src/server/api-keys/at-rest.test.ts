// The SQLite file and its write-ahead log are what a stolen disk or backup exposes: the key must
// not be in either, in any spelling. Always a file-backed SQLite database, whichever dialect
// the rest of the suite runs on.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createUser } from '../test/factories.ts';
import { buildApp } from '../test/test-app.ts';
import { hashApiKey } from './key-material.ts';
import { START } from './test/key-app.ts';

let dir: string | undefined;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function spellings(key: string): string[] {
  const secret = key.slice('uw_live_'.length);
  return [key, secret].flatMap((text) => {
    const bytes = Buffer.from(text, 'utf8');
    return [text, bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')];
  });
}

it('keeps neither the key nor its hex or base64 form in the database file or its WAL', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'upwatch-keys-'));
  const file = path.join(dir, 'upwatch.db');
  handle = connectDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(handle.db, handle.dialect);
  const { app, auth, billing } = buildApp(handle, {}, { clock: new ManualClock(START) });
  const user = await createUser(auth);
  await billing.attach?.grant(user.id, 'pro');

  const response = await app.request('/api/v1/api-keys', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'CI' }),
  });
  expect(response.status).toBe(201);
  const { key } = (await response.json()) as { key: string };
  const used = await app.request('/api/v1/monitors', { headers: { authorization: `Bearer ${key}` } });
  expect(used.status).toBe(200);

  const stored = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]).toString('latin1');
  // The files read are the ones written: the key's hash is there.
  expect(stored).toContain(hashApiKey(key));
  for (const form of spellings(key)) {
    expect(stored.includes(form), `found ${form}`).toBe(false);
    expect(stored.toLowerCase().includes(form.toLowerCase()), `found ${form} in another case`).toBe(false);
  }
});
