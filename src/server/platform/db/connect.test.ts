import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect.ts';

describe('SQLite transactions', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;

  afterEach(async () => {
    other.close();
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold the write lock from their first statement, so a write by another process cannot void them', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'upwatch-connect-'));
    const file = path.join(dir, 'shared.db');
    handle = connectDatabase({ dialect: 'sqlite', file });
    await sql`create table counter (n integer not null)`.execute(handle.db);
    await sql`insert into counter (n) values (0)`.execute(handle.db);
    // Another process on the same file (a regional worker), which does not wait for locks.
    other = new SQLite(file);
    other.pragma('busy_timeout = 0');

    let othersWrite: unknown;
    await handle.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(tx);
      try {
        other.prepare('update counter set n = n + 100').run();
      } catch (err) {
        othersWrite = err;
      }
      // With a deferred BEGIN the other write committed between this read and this write, and
      // this write failed with SQLITE_BUSY_SNAPSHOT.
      await sql`update counter set n = ${(rows[0]?.n ?? 0) + 1}`.execute(tx);
    });

    expect((othersWrite as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(other.prepare('select n from counter').get()).toEqual({ n: 1 });
  });
});
