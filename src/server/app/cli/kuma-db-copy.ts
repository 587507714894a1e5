// What `upwatch import kuma-db` uploads: a copy of kuma.db cut down to the tables the importer
// reads. A real kuma.db is mostly check history (heartbeat, stat_*), far over the 1 MiB upload
// bound; its monitor and notification rows are a few kilobytes. The file itself is only read.
import Database from 'better-sqlite3';

const TABLES = ['monitor', 'notification', 'monitor_notification'];

/** The cut-down copy, or the bytes unchanged when they are not SQLite (the server then says why). */
export function kumaDbUpload(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 16).equals(Buffer.from('SQLite format 3\0', 'latin1'))) return bytes;
  const copy = Buffer.from(bytes);
  if (copy[18] === 2 && copy[19] === 2) copy.fill(1, 18, 20); // WAL header, read as rollback
  let source: Database.Database | undefined;
  const target = new Database(':memory:');
  // The monitor table refers to tables left out (user, proxy, remote_browser…).
  target.pragma('foreign_keys = OFF');
  try {
    source = new Database(copy, { readonly: true });
    for (const table of TABLES) {
      const row = source
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(table) as { sql: string } | undefined;
      if (!row) continue;
      target.exec(row.sql);
      const rows = source.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][];
      const width = rows[0]?.length ?? 0;
      if (width === 0) continue;
      const insert = target.prepare(`INSERT INTO "${table}" VALUES (${Array(width).fill('?').join(', ')})`);
      target.transaction(() => {
        for (const values of rows) insert.run(values);
      })();
    }
    return target.serialize();
  } catch {
    return bytes;
  } finally {
    source?.close();
    target.close();
  }
}
