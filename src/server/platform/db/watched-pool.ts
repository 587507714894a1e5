// node-postgres emits 'error' on a client whose connection dies (a PostgreSQL restart, failover,
// pg_terminate_backend, a network blip): on the pool for an idle client, on the client itself
// for one checked out between two queries (a transaction waiting on JavaScript, the leader
// lock's held connection). Node kills the process for an 'error' nobody listens to, so every
// `serve` and `worker` died with the database. Here each is heard, the outage is logged once,
// and the dead client is dropped: the pool opens new ones as soon as the database answers again.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { OutageLog } from './outage-log.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * A client whose query failed because its connection died is destroyed on release, not handed
 * back: the server's "terminating connection" can reach a running query before the socket
 * closes, and the pool would otherwise give that dead client to the next caller.
 */
function dropWhenBroken(client: pg.PoolClient, outage: OutageLog): PostgresPoolClient {
  let broken = false;
  const query = (...args: unknown[]) => {
    const result = (client.query as (...a: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) {
        broken = true;
        outage.failed(err);
      }
      throw err;
    });
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: () => client.release(broken || undefined),
  };
}

export function watchPool(pool: pg.Pool, outage: OutageLog): PostgresPool {
  const lost = (err: Error) => outage.failed(err);
  pool.on('error', lost);
  // Only a new connection proves the database is back: an idle one handed out may be dead already.
  pool.on('connect', (client) => {
    client.on('error', lost);
    outage.succeeded();
  });
  return {
    async connect() {
      try {
        return dropWhenBroken(await pool.connect(), outage);
      } catch (err) {
        if (isDatabaseUnavailable(err)) outage.failed(err);
        throw err;
      }
    },
    end: () => pool.end(),
  };
}
