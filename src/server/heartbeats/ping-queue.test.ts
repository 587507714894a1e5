// Group commit: pings that arrive together are written in one transaction, and each is still
// answered on its own (an unknown token or a rate limit refuses that ping, not its batch).
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/schema.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import type { Ping } from './ping.ts';
import { createPingQueue } from './ping-queue.ts';
import {
  type HeartbeatHarness,
  type HeartbeatMonitor,
  startHeartbeatHarness,
} from './test/heartbeat-harness.ts';

let h: HeartbeatHarness;
let transactions: number;
let receive: (ping: Ping) => Promise<void>;

beforeEach(async () => {
  h = await startHeartbeatHarness();
  transactions = 0;
  receive = queue();
});
afterEach(async () => {
  await h.close();
});

/** A queue over the harness's app whose transactions are counted; `gatherMs` as the product sets it. */
function queue(gatherMs?: number): (ping: Ping) => Promise<void> {
  return createPingQueue({
    db: counted(h.app.db),
    dialect: h.app.database.dialect,
    clock: h.app.clock,
    events: createLocalEventBus(),
    gatherMs,
  });
}

/** The database, counting the transactions opened on it. */
function counted(db: Kysely<Database>): Kysely<Database> {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return () => {
        transactions += 1;
        return target.transaction();
      };
    },
  });
}

function ping(monitor: Pick<HeartbeatMonitor, 'pingUrl'> | null, kind: Ping['kind'] = 'success'): Ping {
  const token = monitor
    ? (new URL(monitor.pingUrl).pathname.split('/').pop() ?? '')
    : 'no-such-token-000000000';
  return {
    token,
    kind,
    exitStatus: null,
    rid: null,
    sourceAddress: '127.0.0.1',
    userAgent: null,
    body: null,
    bodyTruncated: false,
  };
}

const pingKinds = async (monitor: HeartbeatMonitor): Promise<string[]> => {
  const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
  return pings.map((logged: { kind: string }) => logged.kind);
};

describe('pings that arrive together', () => {
  it('are written in one transaction; a second ping of the same monitor waits for the next one', async () => {
    const monitors = await Promise.all(Array.from({ length: 5 }, () => h.create({ periodSeconds: 3600 })));
    const first = monitors[0] as HeartbeatMonitor;
    const answers = await Promise.allSettled([
      ...monitors.map((monitor) => receive(ping(monitor))),
      receive(ping(null)),
      receive(ping(first, 'fail')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...monitors.map(() => 'fulfilled'),
      'rejected',
      'fulfilled',
    ]);
    expect((answers[5] as PromiseRejectedResult).reason).toMatchObject({ status: 404, code: 'not_found' });
    expect(transactions).toBe(2);
    for (const monitor of monitors.slice(1)) {
      expect(await h.get(monitor.id)).toMatchObject({ status: 'up' });
      expect(await h.results(monitor.id)).toHaveLength(1);
      expect(await pingKinds(monitor)).toEqual(['success']);
    }
    expect(await pingKinds(first)).toEqual(['fail', 'success']);
    expect(await h.get(first.id)).toMatchObject({ status: 'down' });
  });

  it('judges each completion of one batch by its own ping and its own open run', async () => {
    const [plain, overlapping, failing] = await Promise.all(
      Array.from({ length: 3 }, () => h.create({ periodSeconds: 3600 })),
    );
    if (!plain || !overlapping || !failing) throw new Error('monitors not made');
    await receive({ ...ping(overlapping, 'start'), rid: 'run-1' });
    h.app.clock.advance(1000);
    transactions = 0;
    await Promise.all([
      receive(ping(plain)),
      // Names another run: the open one stays open.
      receive({ ...ping(overlapping), rid: 'run-2' }),
      receive(ping(failing, 'fail')),
    ]);
    expect(transactions).toBe(1);
    expect(await h.get(plain.id)).toMatchObject({ status: 'up' });
    expect(await h.get(overlapping.id)).toMatchObject({ status: 'up' });
    expect(await h.get(failing.id)).toMatchObject({ status: 'down' });
    const runs = await h.app.db
      .selectFrom('monitors')
      .select(['id', 'run_rid', 'last_ping_failure'])
      .where('id', 'in', [plain.id, overlapping.id, failing.id])
      .execute();
    const byId = new Map(runs.map((row) => [row.id, row]));
    expect(byId.get(overlapping.id)).toMatchObject({ run_rid: 'run-1', last_ping_failure: null });
    expect(byId.get(plain.id)).toMatchObject({ run_rid: null, last_ping_failure: null });
    expect(byId.get(failing.id)).toMatchObject({ last_ping_failure: 'The job reported a failure (/fail).' });
    // The open run's own end closes it.
    await receive({ ...ping(overlapping), rid: 'run-1' });
    const closed = await h.app.db
      .selectFrom('monitors')
      .select(['run_rid', 'run_started_at'])
      .where('id', '=', overlapping.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ run_rid: null, run_started_at: null });
  });

  it('refuses the rate-limited ping alone and keeps the rest of its batch', async () => {
    const busy = await h.create({ periodSeconds: 3600 });
    const quiet = await h.create({ periodSeconds: 3600 });
    for (let i = 0; i < 60; i++) {
      await receive(ping(busy));
      h.app.clock.advance(500);
    }
    transactions = 0;
    const [refused, kept] = await Promise.allSettled([receive(ping(busy)), receive(ping(quiet))]);
    expect(transactions).toBe(1);
    expect(refused).toMatchObject({ status: 'rejected', reason: { status: 429, code: 'rate_limited' } });
    expect(kept.status).toBe('fulfilled');
    expect(await pingKinds(quiet)).toEqual(['success']);
    expect(await h.get(quiet.id)).toMatchObject({ status: 'up' });
    expect(await pingKinds(busy)).toHaveLength(60);
  });
});

describe('pings a gather window apart', () => {
  it('wait the window for each other and are written in one transaction', async () => {
    const [early, late] = await Promise.all([
      h.create({ periodSeconds: 3600 }),
      h.create({ periodSeconds: 3600 }),
    ]);
    const gathering = queue(100);
    const settled: string[] = [];
    const arrivedAt = h.app.clock.now();
    const first = gathering(ping(early)).then(() => settled.push('early'));
    // A few turns of the event loop: without the window the first ping would be written by now.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(transactions).toBe(0);
    expect(settled).toEqual([]);
    h.app.clock.advance(60);
    const second = gathering(ping(late)).then(() => settled.push('late'));
    h.app.clock.advance(40);
    await Promise.all([first, second]);
    expect(transactions).toBe(1);
    expect(settled).toEqual(['early', 'late']);
    for (const monitor of [early, late]) {
      expect(await h.get(monitor.id)).toMatchObject({ status: 'up' });
      expect(await pingKinds(monitor)).toEqual(['success']);
    }
    // Logged at its arrival, not when its batch was written 100 ms later.
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${early.id}/pings`)).json();
    expect(new Date(pings[0].at).getTime()).toBe(arrivedAt);
  });
});
