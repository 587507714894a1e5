import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createOutageLog } from './outage-log.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import type { Database } from './schema.ts';
import { watchPool } from './watched-pool.ts';

export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// pg returns BIGINT (OID 20) as a string; every timestamp here is epoch ms in a BIGINT.
const BIGINT_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === BIGINT_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Checks touch scattered pages of several tables; keep them in memory instead of re-reading.
  sqlite.pragma('cache_size = -65536');
  // No memory map: its pages count in the process's RSS on top of the page cache (147 MB of a
  // 528 MB peak at 100,000 monitors); reads through the bounded cache cost no measurable CPU.
  sqlite.pragma('mmap_size = 0');
  // A checkpoint every 10,000 WAL pages (40 MB), not SQLite's 1,000: each check rewrites a few
  // scattered pages (its monitor, its results, its rollups), and a page written many times between
  // two checkpoints is copied to the database once. At 20,000 monitors this cut the CPU spent in
  // commits by 38% (bench/scheduler.ts with a per-statement profile).
  sqlite.pragma('wal_autocheckpoint = 10000');
  return sqlite;
}

/**
 * Kysely prepares every query afresh; the engine repeats the same few statements hundreds of
 * times a second, so prepared statements are kept (least recently used first out).
 */
function withStatementCache(sqlite: SQLite.Database, size = 256): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Transactions begin IMMEDIATE: they take the write lock at once. A deferred transaction that
 * read first and wrote later failed with SQLITE_BUSY_SNAPSHOT, past any busy timeout, whenever
 * another process (a regional worker on the same file) committed in between; the batch of check
 * results it held was lost. Taking the lock up front makes the other writer wait instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

export interface ConnectOptions {
  /** PostgreSQL schema to use instead of `public` (each test run gets a fresh one). */
  searchPath?: string;
  poolSize?: number;
  /** Where a lost database connection is reported (once per outage); silent without one. */
  logger?: Logger;
}

/**
 * A connection attempt that gets no answer (a network blip drops packets rather than refusing)
 * fails after this long, so a request waiting on it is answered 503 rather than hanging for the
 * system's TCP timeout. Set on the client, not the pool: the pool's option of that name also
 * bounds the wait for a free connection, which a busy worker may rightly wait longer for.
 */
const CONNECT_TIMEOUT_MS = 5000;
class TimelyClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    const database = withStatementCache(openSqlite(config.file));
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    Client: TimelyClient,
    // TCP keep-alive notices a peer that vanished (failover to another host) on an idle connection.
    keepAlive: true,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const outage = createOutageLog((options.logger ?? createLogger('silent')).child({ module: 'database' }), {
    lost: 'database connection lost; retrying',
    restored: 'database connection restored',
  });
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: watchPool(pool, outage) }),
  });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}
