// The event bus across processes on PostgreSQL: publishing is a NOTIFY, and every process
// (including the publisher) LISTENs and hands what arrives to its local subscribers. Any
// `upwatch serve` then streams events produced by any `upwatch worker`.
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { type AppEvent, createLocalEventBus, type EventBus } from './bus.ts';

/** NOTIFY payloads are limited to 8000 bytes; events are batched below that. */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MS = 1000;

export interface PostgresBusOptions {
  url: string;
  db: Kysely<Database>;
  logger: Logger;
  channel?: string;
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
}: PostgresBusOptions): Promise<EventBus & { close(): Promise<void> }> {
  const local = createLocalEventBus();
  const log = logger.child({ module: 'event-bus' });
  let client: pg.Client | undefined;
  let closed = false;
  let sending: Promise<void> = Promise.resolve();

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      local.publish(JSON.parse(message.payload) as AppEvent[]);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'event listener connection lost; reconnecting');
      next.end().catch(() => undefined);
      if (!closed)
        setTimeout(
          () => void connect().catch((e) => log.error({ err: e }, 'reconnect failed')),
          RECONNECT_MS,
        );
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  }
  await connect();

  return {
    publish(events) {
      // One NOTIFY at a time: each commits before the next, so listeners see events in order.
      for (const payload of batches(events)) {
        sending = sending
          .then(() => sql`select pg_notify(${channel}, ${payload})`.execute(db))
          .then(
            () => undefined,
            (err: unknown) => log.error({ err }, 'NOTIFY failed'),
          );
      }
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await sending;
      await client?.end();
    },
  };
}
