// Uptime Kuma 2.x has no JSON backup ("Drop backup (#3892)"): its data directory's kuma.db is what
// a user can bring. The SQLite file is opened read-only from memory, its monitor, notification and
// monitor_notification rows are read into a 1.x backup's shape (snake_case columns to the keys of
// Monitor#toJSON()), and that goes through the backup's own mapping (kuma.ts). 1.x databases have
// the same tables, less a few 2.x columns, and read the same way.
import Database from 'better-sqlite3';
import { ApiError } from '../platform/http/errors.ts';
import type { Candidates } from './candidates.ts';
import { type KumaBackup, kumaBackupCandidates, kumaBackupSchema } from './kuma.ts';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const TABLES = { monitor: ['id', 'name', 'type', 'url', 'interval'], notification: ['id', 'config'] };
type Row = Record<string, unknown>;

function notKuma(message: string): ApiError {
  return new ApiError(422, 'not_kuma_database', `This is not an Uptime Kuma database: ${message}`);
}

/** The file opened from memory. A WAL-mode header (as Kuma leaves it) is read as a rollback one. */
function open(bytes: Uint8Array): Database.Database {
  if (bytes.byteLength < 100 || !Buffer.from(bytes.subarray(0, 16)).equals(SQLITE_MAGIC)) {
    throw notKuma('it is not an SQLite file. Choose kuma.db from Uptime Kuma’s data directory.');
  }
  const copy = Buffer.from(bytes);
  if (copy[18] === 2 && copy[19] === 2) copy.fill(1, 18, 20);
  return new Database(copy, { readonly: true });
}

function columns(db: Database.Database, table: string): Set<string> {
  const rows = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[];
  return new Set(rows.map((row) => row.name));
}

function checkTables(db: Database.Database): void {
  for (const [table, needed] of Object.entries(TABLES)) {
    const have = columns(db, table);
    const missing = needed.filter((column) => !have.has(column));
    if (have.size === 0) throw notKuma(`an SQLite file without Uptime Kuma’s ${table} table.`);
    if (missing.length > 0) throw notKuma(`its ${table} table has no ${missing.join(', ')} column.`);
  }
}

function statusCodes(json: unknown): string[] | null {
  try {
    const parsed = JSON.parse(String(json ?? 'null')) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/** A monitor row under the keys a 1.x backup gives it. */
function monitorOf(row: Row, notifications: Map<string, Record<string, boolean>>): Row {
  const id = String(row.id);
  return {
    ...row,
    id,
    name: row.name ?? `Monitor ${id}`,
    invertKeyword: row.invert_keyword,
    upsideDown: row.upside_down,
    httpBodyEncoding: row.http_body_encoding,
    authMethod: row.auth_method,
    accepted_statuscodes: statusCodes(row.accepted_statuscodes_json),
    ignoreTls: row.ignore_tls,
    notificationIDList: notifications.get(id) ?? {},
  };
}

function readBackup(db: Database.Database): KumaBackup {
  checkTables(db);
  const links = new Map<string, Record<string, boolean>>();
  if (columns(db, 'monitor_notification').size > 0) {
    const rows = db.prepare('SELECT monitor_id, notification_id FROM monitor_notification').all() as Row[];
    for (const { monitor_id, notification_id } of rows) {
      const list = links.get(String(monitor_id)) ?? {};
      list[String(notification_id)] = true;
      links.set(String(monitor_id), list);
    }
  }
  const monitors = db.prepare('SELECT * FROM monitor ORDER BY id').all() as Row[];
  const notifications = db.prepare('SELECT id, name, config FROM notification ORDER BY id').all() as Row[];
  const parsed = kumaBackupSchema.safeParse({
    notificationList: notifications.map((row) => ({ ...row, config: String(row.config ?? '{}') })),
    monitorList: monitors.map((row) => monitorOf(row, links)),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notKuma(`${issue?.message ?? 'unexpected rows'} at ${issue?.path.join('.') ?? 'a row'}.`);
  }
  return parsed.data;
}

/** An Uptime Kuma kuma.db (SQLite) as import candidates; 422 not_kuma_database when it is not one. */
export function kumaDbCandidates(bytes: Uint8Array): Candidates {
  let db: Database.Database | undefined;
  try {
    db = open(bytes);
    return kumaBackupCandidates(readBackup(db));
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(NOTADB|CORRUPT)/.test(code))
      throw notKuma('the SQLite file is damaged or encrypted.');
    throw err;
  } finally {
    db?.close();
  }
}
