// Leader-only jobs run once at a time across processes: on PostgreSQL a session advisory lock
// held on one pooled connection while the work runs on others; on SQLite there is one process,
// so an in-process flag keeps a slow pass from overlapping the next. The PostgreSQL lock is keyed
// by the schema too: two Upwatch schemas in one database (test runs, staging beside production)
// are two installations and must not hold each other's jobs.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export interface LeaderLock {
  /** Runs `work` when no other holder runs it; resolves undefined when skipped. */
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
}

export function createLeaderLock(db: Kysely<Database>, dialect: Dialect, key: number): LeaderLock {
  let running = false;
  async function inProcess<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (running) return undefined;
    running = true;
    try {
      return await work();
    } finally {
      running = false;
    }
  }
  if (dialect !== 'postgres') return { run: inProcess };
  return {
    run: (work) =>
      inProcess(() =>
        db.connection().execute(async (conn) => {
          const { rows } = await sql<{ locked: boolean }>`
            select pg_try_advisory_lock(${key}, hashtext(current_schema())) as locked`.execute(conn);
          if (!rows[0]?.locked) return undefined;
          try {
            return await work();
          } finally {
            // A lock whose connection died (a restart, pg_terminate_backend) went with its
            // session: there is nothing left to unlock, and the work's own outcome stands.
            await sql`select pg_advisory_unlock(${key}, hashtext(current_schema()))`
              .execute(conn)
              .catch((err: unknown) => {
                if (!isDatabaseUnavailable(err)) throw err;
              });
          }
        }),
      ),
  };
}
