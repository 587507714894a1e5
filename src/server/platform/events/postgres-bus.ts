// The event bus across processes on PostgreSQL: publishing is a NOTIFY, and every process
// (including the publisher) LISTENs and hands what arrives to its local subscribers. Any
// `upwatch serve` then streams events produced by any `upwatch worker`.
//
// The listening connection is the one thing here not taken from the pool, so it is watched
// here: when it dies (a PostgreSQL restart, failover, pg_terminate_backend, a network blip) the
// bus reconnects with backoff and LISTENs again, logging the outage once. Events NOTIFYed while
// it was away are not replayed; live views catch up with the next event of each monitor.
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type Clock, systemClock, type TimerHandle } from '../clock.ts';
import { createOutageLog } from '../db/outage-log.ts';
import type { Database } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { type AppEvent, createLocalEventBus, type EventBus } from './bus.ts';

/** NOTIFY payloads are limited to 8000 bytes; events are batched below that. */
const MAX_PAYLOAD_BYTES = 7000;
/** Reconnect attempts back off from the first delay to the last, doubling. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 4000;
/** A connection attempt that gets no answer gives up after this long and is tried again. */
const CONNECT_TIMEOUT_MS = 5000;

export interface PostgresBusOptions {
  url: string;
  db: Kysely<Database>;
  logger: Logger;
  channel?: string;
  clock?: Clock;
}

function batches(events: readonly AppEvent[]): string[] {
  const out: string[] = [];
  let current: AppEvent[] = [];
  for (const event of events) {
    const candidate = JSON.stringify([...current, event]);
    if (Buffer.byteLength(candidate) > MAX_PAYLOAD_BYTES && current.length > 0) {
      out.push(JSON.stringify(current));
      current = [];
    }
    current.push(event);
  }
  if (current.length > 0) out.push(JSON.stringify(current));
  return out;
}

export async function createPostgresEventBus({
  url,
  db,
  logger,
  channel = 'upwatch_events',
  clock = systemClock,
}: PostgresBusOptions): Promise<EventBus & { close(): Promise<void> }> {
  const local = createLocalEventBus();
  const log = logger.child({ module: 'event-bus' });
  const listening = createOutageLog(log, {
    lost: 'event listener connection lost; reconnecting',
    restored: 'event listener reconnected; LISTEN resumed',
  });
  const notifying = createOutageLog(log, {
    lost: 'NOTIFY failed: the database is unavailable; events are dropped until it returns',
    restored: 'NOTIFY works again',
  });
  let client: pg.Client | undefined;
  let closed = false;
  let retry: TimerHandle | undefined;
  let retryMs = RECONNECT_FIRST_MS;
  let sending: Promise<void> = Promise.resolve();

  function reconnectLater(): void {
    if (closed || retry) return;
    retry = clock.setTimeout(() => {
      retry = undefined;
      connect().catch((err: unknown) => {
        listening.failed(err);
        reconnectLater();
      });
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    // 'error' and then 'end' both come for one loss; the first one counts.
    const onLost = (err: Error) => {
      if (lost) return;
      lost = true;
      next.end().catch(() => undefined);
      if (client !== next) return;
      client = undefined;
      listening.failed(err);
      reconnectLater();
    };
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      local.publish(JSON.parse(message.payload) as AppEvent[]);
    });
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('Connection ended unexpectedly')));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost = true;
      await next.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      lost = true;
      await next.end();
      return;
    }
    client = next;
    retryMs = RECONNECT_FIRST_MS;
    listening.succeeded();
  }
  await connect();

  return {
    publish(events) {
      // One NOTIFY at a time: each commits before the next, so listeners see events in order.
      for (const payload of batches(events)) {
        sending = sending
          .then(() => sql`select pg_notify(${channel}, ${payload})`.execute(db))
          .then(
            () => notifying.succeeded(),
            (err: unknown) => {
              if (isDatabaseUnavailable(err)) notifying.failed(err);
              else log.error({ err }, 'NOTIFY failed');
            },
          );
      }
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      retry?.cancel();
      await sending;
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
