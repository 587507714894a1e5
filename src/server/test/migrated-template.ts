// Migrating a fresh database takes 0.3–0.6 s, and the suites make one for nearly every test:
// minutes of a CI run. Each test process migrates once; every later database starts as a copy
// of that one (a file copy on SQLite, a replay of the schema's dump on PostgreSQL).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { connectDatabase } from '../platform/db/connect.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';

let sqliteTemplate: Promise<string> | undefined;

/** Copies a migrated SQLite database to `file`. */
export async function copyMigratedSqlite(file: string): Promise<void> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const template = path.join(dir, 'template.db');
    const handle = connectDatabase({ dialect: 'sqlite', file: template });
    await migrateToLatest(handle.db, handle.dialect);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
    await handle.destroy();
    return template;
  })();
  copyFileSync(await sqliteTemplate, file);
}

interface PostgresTemplate {
  name: string;
  dump: string;
  /** Empties a copy again: every table's rows, then the migrations' rows and sequence positions. */
  reset: string;
}

let postgresTemplate: Promise<PostgresTemplate> | undefined;

/**
 * Creates `schema` as a copy of a migrated one: tables, indexes, constraints and the rows the
 * migrations wrote (the migration log among them, so a later migrate finds nothing to do).
 */
export async function createMigratedPostgresSchema(url: string, schema: string): Promise<void> {
  postgresTemplate ??= dumpMigratedSchema(url);
  const { name, dump } = await postgresTemplate;
  const admin = connectDatabase({ dialect: 'postgres', url }, { poolSize: 1 });
  try {
    // The template's name is a fresh uuid, so it appears in the dump only as that name.
    await sql.raw(dump.replaceAll(name, schema)).execute(admin.db);
  } finally {
    await admin.destroy();
  }
}

/**
 * Makes `schema`, a copy made by createMigratedPostgresSchema, equal to a fresh copy again. Its
 * tables are those of the copy (a test may only change rows), so emptying them is enough: a few
 * milliseconds of PostgreSQL's time, where dropping the schema and creating the next one cost
 * about a second on a 2-core machine. Replication role "replica" sets aside foreign keys and
 * triggers while the rows go (it needs a superuser; the caller drops the schema if it fails).
 */
export async function resetMigratedPostgresSchema(url: string, schema: string): Promise<boolean> {
  if (!postgresTemplate) throw new Error('no template: the schema was not made from one');
  const { name, reset } = await postgresTemplate;
  const admin = connectDatabase({ dialect: 'postgres', url }, { poolSize: 1 });
  try {
    // Deleted rows stay in the tables' files until a vacuum: a schema that held many (a test of
    // pruning 200,000 rows) would slow the next test down, so it is dropped instead.
    const { rows } = await sql<{ bytes: number }>`
      select coalesce(sum(pg_total_relation_size(c.oid)), 0)::int8 as bytes from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind = 'r'`.execute(
      admin.db,
    );
    if (Number(rows[0]?.bytes) > MAX_REUSED_BYTES) return false;
    await sql.raw(reset.replaceAll(name, schema)).execute(admin.db);
    return true;
  } finally {
    await admin.destroy();
  }
}

/** A fresh copy takes about 2 MB (tables and indexes of 8 kB pages); a few tests' rows, a little more. */
const MAX_REUSED_BYTES = 4 * 1024 * 1024;

async function dumpMigratedSchema(url: string): Promise<PostgresTemplate> {
  const name = `template_${uuidv7().replaceAll('-', '')}`;
  const admin = connectDatabase({ dialect: 'postgres', url }, { poolSize: 1 });
  try {
    await sql`create schema ${sql.id(name)}`.execute(admin.db);
    const handle = connectDatabase({ dialect: 'postgres', url }, { searchPath: name, poolSize: 1 });
    try {
      await migrateToLatest(handle.db, handle.dialect);
    } finally {
      await handle.destroy();
    }
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--schema', name, '--inserts', '--no-owner', '--no-privileges', '--no-comments', '--dbname', url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's meta-commands (\restrict) and the session settings that empty the search path are
    // for psql's own restore, not for a statement sent over a connection.
    const lines = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\') && !line.includes("set_config('search_path'"));
    const { rows: tables } = await sql<{ ident: string }>`
      select quote_ident(tablename) as ident from pg_tables where schemaname = ${name}`.execute(admin.db);
    // With --inserts each row the migrations wrote, and each sequence's position, is one line.
    const seeds = lines.filter((line) => /^(INSERT INTO|SELECT pg_catalog\.setval)\b/.test(line));
    const reset = [
      'BEGIN;',
      'SET LOCAL session_replication_role = replica;',
      ...tables.map(({ ident }) => `DELETE FROM ${name}.${ident};`),
      ...seeds,
      'COMMIT;',
    ].join('\n');
    return { name, dump: lines.join('\n'), reset };
  } finally {
    await sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin.db);
    await admin.destroy();
  }
}
