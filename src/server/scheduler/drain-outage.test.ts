// A worker stopped while the database is away (issue 40, item 1): the claims of checks waiting
// cannot be given back (their leases expire instead), the check in flight still finishes, and
// its result, which cannot be stored, is logged as lost rather than dropped in silence.
import type { ServerResponse } from 'node:http';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { ManualClock } from '../platform/clock.ts';
import { capturedLogger } from '../test/captured-logger.ts';
import { testCheckJob } from '../test/check-job-harness.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let target: Target;
const held: ServerResponse[] = [];

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  target = await startTarget((_req, res) => held.push(res));
});
afterEach(async () => {
  for (const res of held.splice(0)) res.end('ok');
  await target.close();
  await t.close();
});

/** Every query fails as it does with the database gone, once `away.on` is set. */
function awayWhen(away: { on: boolean }): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (away.on)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

it('stopping with the database away: the check in flight finishes and its unstored result is logged as lost', async () => {
  const owner = await insertOwner(t.database.db, t.database.dialect);
  // One due now, one due within the look-ahead: claimed, armed for its time.
  const rows = [START, START + 500].map((dueAt, i) =>
    monitorRow(owner, `${target.origin}/m/${i}`, START, { next_run_at: dueAt }),
  );
  await insertMonitors(t.database.db, rows);
  const away = { on: false };
  const { logger, lines } = capturedLogger();
  const job = testCheckJob(t, clock, 'local', { db: t.database.db.withPlugin(awayWhen(away)), logger });
  await job.run(new AbortController().signal);
  for (let i = 0; i < 100 && held.length < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(job.depth()).toMatchObject({ inFlight: 1, armed: 1 });
  away.on = true;
  const drained = job.drain?.();
  // The armed check's claim could not be released, yet the drain waits for the one in flight.
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const res of held.splice(0)) res.end('ok');
  await expect(drained).rejects.toThrow('ECONNREFUSED');
  expect(
    lines.find((line) => line.msg === 'stopped while the database was away: check results not stored'),
  ).toMatchObject({ lost: 1 });
});
