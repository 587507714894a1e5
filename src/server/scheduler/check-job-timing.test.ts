// The check job starts each check at its due time: claimed within the look-ahead, armed on a
// start tick, and never more at once than its slots.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../platform/clock.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { nextSlotAfter } from '../platform/jobs/slots.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { pump } from '../test/check-job-harness.ts';
import { SLOT_HOLD_MS } from './admission.ts';
import { createCheckJob } from './check-job.ts';
import { START_TICK_MS } from './start-ticks.ts';
import {
  clock,
  createMonitor,
  freshCheckJobEachTest,
  job,
  monitorRow,
  respondWith,
  results,
  START,
  signal,
  t,
} from './test/check-job-fixture.ts';

freshCheckJobEachTest();

describe('starting checks on time', () => {
  const setDue = (id: string, at: number) =>
    t.database.db.updateTable('monitors').set({ next_run_at: at }).where('id', '=', id).execute();

  it('claims a monitor due within the look-ahead and starts it exactly at its due time, not at the poll', async () => {
    const id = await createMonitor();
    await setDue(id, START + 800);
    const starts: [number, number][] = [];
    const worker = job({ observer: { started: (dueAt, startedAt) => starts.push([dueAt, startedAt]) } });
    await worker.run(signal);
    expect((await monitorRow(id)).claimed_by).toBe('worker-a');
    expect(starts).toEqual([]);
    clock.advance(799);
    expect(starts).toEqual([]);
    clock.advance(1);
    expect(starts).toEqual([[START + 800, START + 800]]);
    await pump(worker, async () => (await results()).length === 1);
    expect((await results())[0]).toMatchObject({ monitor_id: id, checked_at: START + 800 });
  });

  it('schedules the next slot, not the same one, when the timer fires a millisecond early', async () => {
    const id = await createMonitor();
    const due = nextSlotAfter(id, 60_000, START + 500);
    await setDue(id, due);
    // Node's timers can fire when Date.now() still reads a millisecond before the due time.
    const early: Clock = { now: () => clock.now(), setTimeout: (fn, ms) => clock.setTimeout(fn, ms - 1) };
    const worker = createCheckJob({
      db: t.database.db,
      dialect: t.database.dialect,
      clock: early,
      guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: 'eu-test',
      workerId: 'worker-a',
      lookAheadMs: 60_000,
      // Its own due time, not a tick's end: the timer fires a millisecond before the due time.
      startTickMs: 1,
    });
    await worker.run(signal);
    clock.advance(due - START - 1);
    await pump(worker, async () => (await results()).length === 1);
    expect((await results())[0]?.checked_at).toBe(due - 1);
    expect((await monitorRow(id)).next_run_at).toBe(due + 60_000);
  });

  it('claims all that falls due within the look-ahead in one poll, beyond its concurrency, yet starts no more at once than it has slots', async () => {
    const held: ServerResponse[] = [];
    respondWith((res) => held.push(res));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await createMonitor(`Soon ${i}`);
      await setDue(id, START + 10 * (i + 1));
      ids.push(id);
    }
    const starts: number[] = [];
    const worker = job({ concurrency: 2, observer: { started: (_due, at) => starts.push(at) } });
    await worker.run(signal);
    const claimed = await t.database.db
      .selectFrom('monitors')
      .select('id')
      .where('claimed_by', '=', 'worker-a')
      .execute();
    expect(claimed).toHaveLength(5);
    // Each starts at the end of its due time's tick: past the last one's.
    const tickEnd = (at: number) => Math.ceil(at / START_TICK_MS) * START_TICK_MS;
    clock.advance(tickEnd(START + 50) + 2 * SLOT_HOLD_MS - START);
    // Four due in the first tick: two start at its end, the other two once those have held their
    // slots (waiting on the target now), and the fifth at the end of its own tick.
    const tick = tickEnd(START + 10);
    expect(starts).toEqual([tick, tick, tick + SLOT_HOLD_MS, tick + SLOT_HOLD_MS, tickEnd(START + 50)]);
    for (let i = 0; i < 50 && held.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const res of held.splice(0)) res.end('ok');
  });

  it('leaves a monitor due beyond the look-ahead to a later poll', async () => {
    const id = await createMonitor();
    await setDue(id, START + 60_000);
    await job().run(signal);
    expect(await monitorRow(id)).toMatchObject({ claimed_by: null, claimed_until: null });
  });

  it('gives back at once the claims of checks still waiting for their time when the worker stops', async () => {
    const id = await createMonitor();
    await setDue(id, START + 1000);
    const worker = job();
    await worker.run(signal);
    expect((await monitorRow(id)).claimed_by).toBe('worker-a');
    await worker.drain?.();
    expect(await monitorRow(id)).toMatchObject({
      claimed_by: null,
      claimed_until: null,
      next_run_at: START + 1000,
    });
    clock.advance(5000);
    expect(await results()).toEqual([]);
  });
});
