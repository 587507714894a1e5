// A PostgreSQL cluster of a test's own, in a temporary directory on a free loopback port, for
// tests that stop and start the database under running processes: the shared CI cluster on
// 5432 must never be restarted. PostgreSQL refuses to run as root, so as root its binaries run as
// the postgres user. Durability is off: the cluster lives for one test file.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './upwatch-process.ts';

const run = promisify(execFile);
/** PG_BIN_DIR, else the newest Debian-packaged version (15 on the CI image). */
function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return path.join(root, versions[0] ?? '15', 'bin');
}
const BIN = binDir();

export interface PostgresCluster {
  /** A DATABASE_URL of the cluster's `upwatch` database. */
  url: string;
  port: number;
  /** `pg_ctl start`, waiting (bounded) until it takes connections. */
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: every session is terminated, as in a restart or failover. */
  stop(): Promise<void>;
  /** Runs one statement on a connection of its own. */
  query<R extends pg.QueryResultRow>(text: string): Promise<R[]>;
  destroy(): Promise<void>;
}

async function pgBinary(name: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, name), ...args]]
    : [path.join(BIN, name), args];
  await run(file, argv, { timeout: 30_000 });
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-pg-cluster-'));
  if (process.getuid?.() === 0) await run('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgBinary('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const ctl = (...args: string[]) => pgBinary('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <R extends pg.QueryResultRow>(text: string, url = adminUrl) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/upwatch`,
    port,
    start: () => ctl('start', '-w', '-t', '20', '-o', options),
    stop: () => ctl('stop', '-m', 'fast', '-w', '-t', '20'),
    query: (text) => query(text, cluster.url),
    async destroy() {
      await ctl('stop', '-m', 'immediate', '-w', '-t', '20').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
    await query('create database upwatch');
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
