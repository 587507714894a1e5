// Checks from three regions with a quorum, on the real engine and both databases: three check
// jobs in regions a, b and c, each leaving from its own loopback address, a target that fails by
// the address asking, the delivery job and a real SMTP server, all on a ManualClock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AlertApp, createAlertApp } from '../alerts/test/alert-app.ts';
import { startSmtpSink } from '../alerts/test/smtp-sink.ts';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import type { TestUser } from '../test/factories.ts';
import { storedResults } from '../test/result-rows.ts';
import { reportWorker } from '../test/worker-rows.ts';

const ADDRESS = { a: '127.0.0.2', b: '127.0.0.3', c: '127.0.0.4' } as const;
type RegionName = keyof typeof ADDRESS;
const signal = new AbortController().signal;

let app: AlertApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let target: Target;
let owner: TestUser;
/** Regions whose requests the target fails. */
let failing: Set<RegionName>;
let jobs: Map<RegionName, WorkerJob>;

beforeEach(async () => {
  sink = await startSmtpSink();
  app = await createAlertApp({ smtpUrl: sink.url });
  failing = new Set();
  target = await startTarget((req, res) => {
    const region = (Object.keys(ADDRESS) as RegionName[]).find(
      (name) => ADDRESS[name] === req.socket.remoteAddress,
    );
    res.statusCode = region && failing.has(region) ? 503 : 200;
    res.end(res.statusCode === 200 ? 'ok' : 'down');
  });
  jobs = new Map(
    (Object.keys(ADDRESS) as RegionName[]).map((region) => [
      region,
      createCheckJob({
        db: app.db,
        dialect: app.database.dialect,
        clock: app.clock,
        guard: createTargetGuard({
          allowPrivateTargets: true,
          openSocket: loopbackOnlyOpener(),
          localAddress: ADDRESS[region],
        }),
        events: createLocalEventBus(),
        logger: createLogger('silent'),
        region,
        workerId: `worker-${region}`,
        confirmDelayMs: 15_000,
      }),
    ]),
  );
  for (const region of jobs.keys()) await heartbeat(region);
  owner = await app.user('free');
});
afterEach(async () => {
  await target.close();
  await app.close();
  await sink.close();
});

/** A region's worker reports in, as its presence job does every five seconds. */
const heartbeat = (region: RegionName) => reportWorker(app.db, region, app.clock.now());

async function createMonitor(): Promise<string> {
  const response = await app.send(owner, 'POST', '/monitors', {
    name: 'api.example.com',
    url: `${target.origin}/health`,
    intervalSeconds: 60,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Moves the clock to the next due run, lets every live region's worker run what is due, sends alerts. */
async function step(live: readonly RegionName[] = ['a', 'b', 'c']) {
  const due = await app.db
    .selectFrom('monitor_regions')
    .select((eb) => eb.fn.min<number>('next_run_at').as('at'))
    .where('region', 'in', live)
    .executeTakeFirstOrThrow();
  const at = Number(due.at);
  if (at > app.clock.now()) app.clock.advance(at - app.clock.now());
  for (const region of live) await heartbeat(region);
  for (const region of live) await jobs.get(region)?.run(signal);
  for (const region of live) await jobs.get(region)?.drain?.();
  await app.deliver();
}

async function stepUntil(done: () => Promise<boolean>, live?: readonly RegionName[]) {
  for (let i = 0; i < 40; i++) {
    if (await done()) return;
    await step(live);
  }
  throw new Error('not reached within 40 steps');
}

const monitor = async (id: string) =>
  (await (await app.send(owner, 'GET', `/monitors/${id}`)).json()) as {
    status: string;
    failingFrom: string[];
  };
const regionsOf = async (id: string) =>
  (await (await app.send(owner, 'GET', `/monitors/${id}/regions`)).json()) as {
    failingFrom: string[];
    effectiveQuorum: number | null;
    states: {
      region: string;
      status: string;
      online: boolean;
      failure: { message: string | null } | null;
      last24h: { checks: number; uptimePercent: number | null };
      last30d: { checks: number; uptimePercent: number | null; avgMs: number | null };
    }[];
  };
const incidents = () => app.db.selectFrom('incidents').selectAll().orderBy('started_at').execute();
const subjects = () => sink.mails.map((mail) => mail.subject);

describe('a monitor checked from three regions', () => {
  it('is checked once per region each round, each result stored with its region', async () => {
    const id = await createMonitor();
    const rows = await app.db
      .selectFrom('monitor_regions')
      .select('region')
      .where('monitor_id', '=', id)
      .execute();
    expect(rows.map((row) => row.region).sort()).toEqual(['a', 'b', 'c']);
    for (let round = 0; round < 3; round++) await step();
    const results = await storedResults(app.db);
    expect(results.map((result) => result.region).sort()).toEqual([
      'a',
      'a',
      'a',
      'b',
      'b',
      'b',
      'c',
      'c',
      'c',
    ]);
    expect(new Set(results.map((result) => result.checked_at)).size).toBe(9);
    expect(await monitor(id)).toMatchObject({ status: 'up', failingFrom: [] });
    const { states } = await regionsOf(id);
    expect(states.map((state) => [state.region, state.last24h.checks, state.last24h.uptimePercent])).toEqual([
      ['a', 3, 100],
      ['b', 3, 100],
      ['c', 3, 100],
    ]);
    // The same from each region's daily rollups.
    expect(states.map((state) => [state.region, state.last30d.checks, state.last30d.uptimePercent])).toEqual([
      ['a', 3, 100],
      ['b', 3, 100],
      ['c', 3, 100],
    ]);
    expect(states.every((state) => (state.last30d.avgMs ?? -1) >= 0)).toBe(true);
  });

  it('checks only the regions chosen for it, and refuses an unknown region or a quorum larger than the choice', async () => {
    const id = await createMonitor();
    const put = (body: unknown) => app.send(owner, 'PUT', `/monitors/${id}/regions`, body);
    const unknown = await put({ regions: ['a', 'mars'], quorum: null });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      error: {
        code: 'unknown_region',
        message: 'No worker has checked from region "mars". Start one with: upwatch worker --region mars',
      },
    });
    const tooMany = await put({ regions: ['a', 'b'], quorum: 3 });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({ error: { code: 'validation_failed' } });

    const chosen = await put({ regions: ['b', 'a'], quorum: 1 });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ regions: ['a', 'b'], quorum: 1, effectiveQuorum: 1 });
    for (let round = 0; round < 2; round++) await step();
    expect((await storedResults(app.db)).map((result) => result.region).sort()).toEqual(['a', 'a', 'b', 'b']);

    // Quorum 1: one region failing is enough.
    failing = new Set(['b']);
    await stepUntil(async () => (await monitor(id)).status === 'down');
    expect(await incidents()).toHaveLength(1);

    const everywhere = await put({ regions: null, quorum: null });
    expect(await everywhere.json()).toMatchObject({ regions: null, quorum: null, effectiveQuorum: 2 });
    expect((await regionsOf(id)).states.map((state) => state.region)).toEqual(['a', 'b', 'c']);
  });

  it('failing from one region is shown and opens nothing; from two it opens one incident naming both; recovery resolves it once', async () => {
    const id = await createMonitor();
    await stepUntil(async () => (await monitor(id)).status === 'up');

    failing = new Set(['a']);
    await stepUntil(async () => (await monitor(id)).failingFrom.length > 0);
    for (let i = 0; i < 6; i++) await step();
    expect(await monitor(id)).toMatchObject({ status: 'up', failingFrom: ['a'] });
    const regions = await regionsOf(id);
    expect(regions.failingFrom).toEqual(['a']);
    expect(regions.effectiveQuorum).toBe(2);
    const [a, b] = regions.states;
    expect(a?.last30d.uptimePercent).toBeLessThan(100);
    expect(b?.last30d.uptimePercent).toBe(100);
    expect(regions.states.find((state) => state.region === 'a')).toMatchObject({
      status: 'down',
      online: true,
      failure: { message: 'Expected status 200-399, got 503.' },
    });
    expect(await incidents()).toEqual([]);
    expect(subjects()).toEqual([]);

    failing = new Set(['a', 'b']);
    await stepUntil(async () => (await monitor(id)).status === 'down');
    for (let i = 0; i < 6; i++) await step();
    const [incident, ...more] = await incidents();
    expect(more).toEqual([]);
    expect(incident).toMatchObject({ primary_monitor_id: id, resolved_at: null });
    expect(await monitor(id)).toMatchObject({ status: 'down', failingFrom: ['a', 'b'] });
    expect(subjects()).toHaveLength(1);
    expect(subjects()[0]).toMatch(/^\[Down\] api\.example\.com — /);
    const [mail] = sink.mails;
    expect(mail?.text).toContain('Failing from a, b');

    failing = new Set();
    await stepUntil(async () => (await monitor(id)).status === 'up');
    for (let i = 0; i < 3; i++) await step();
    expect((await incidents()).map((row) => row.status)).toEqual(['resolved']);
    expect(subjects()).toHaveLength(2);
    expect(subjects()[1]).toMatch(/^\[Recovered\] api\.example\.com — back up after /);
    expect((await monitor(id)).failingFrom).toEqual([]);
  });

  it('a region whose worker died leaves the quorum two minutes later, raising nothing; it rejoins when a worker returns', async () => {
    const id = await createMonitor();
    await stepUntil(async () => (await monitor(id)).status === 'up');
    // c's worker stops reporting; a and b go on.
    for (let i = 0; i < 4; i++) await step(['a', 'b']);
    expect(subjects()).toEqual([]);
    await stepUntil(
      async () => (await regionsOf(id)).states.find((state) => state.region === 'c')?.online === false,
      ['a', 'b'],
    );
    expect((await regionsOf(id)).effectiveQuorum).toBe(2);

    failing = new Set(['a', 'b']);
    await stepUntil(async () => (await monitor(id)).status === 'down', ['a', 'b']);
    for (let i = 0; i < 3; i++) await step(['a', 'b']);
    expect(await incidents()).toHaveLength(1);
    expect(subjects()).toHaveLength(1);

    failing = new Set();
    await heartbeat('c');
    expect((await regionsOf(id)).states.every((state) => state.online)).toBe(true);
    await stepUntil(async () => (await monitor(id)).status === 'up');
    const lastC = await app.db
      .selectFrom('monitor_regions')
      .select('last_checked_at')
      .where('monitor_id', '=', id)
      .where('region', '=', 'c')
      .executeTakeFirstOrThrow();
    expect(lastC.last_checked_at).toBeGreaterThan(app.clock.now() - 60_000);
  });

  it('alerts, when asked, once when a region fails alone and once when it is back, opening no incident', async () => {
    const id = await createMonitor();
    const asked = await app.send(owner, 'PUT', `/monitors/${id}/regions`, {
      regions: null,
      quorum: null,
      alertOnRegionFailure: true,
    });
    expect(await asked.json()).toMatchObject({ alertOnRegionFailure: true });
    await stepUntil(async () => (await monitor(id)).status === 'up');

    failing = new Set(['c']);
    await stepUntil(async () => subjects().length > 0);
    for (let i = 0; i < 4; i++) await step();
    expect(subjects()).toEqual(['[Region down] api.example.com — failing from c']);
    expect(sink.mails[0]?.text).toContain('Expected status 200-399, got 503.');

    failing = new Set();
    await stepUntil(async () => subjects().length > 1);
    for (let i = 0; i < 4; i++) await step();
    expect(subjects()).toEqual([
      '[Region down] api.example.com — failing from c',
      '[Region recovered] api.example.com — answering from c again',
    ]);
    expect(await incidents()).toEqual([]);
  });

  it('a paused monitor is checked from no region until it resumes', async () => {
    const id = await createMonitor();
    await stepUntil(async () => (await monitor(id)).status === 'up');
    expect((await app.send(owner, 'POST', `/monitors/${id}/pause`)).status).toBe(200);
    const before = (await storedResults(app.db)).length;
    app.clock.advance(5 * 60_000);
    for (const region of ['a', 'b', 'c'] as const) await heartbeat(region);
    for (const job of jobs.values()) {
      await job.run(signal);
      await job.drain?.();
    }
    expect(await storedResults(app.db)).toHaveLength(before);
    expect((await app.send(owner, 'POST', `/monitors/${id}/resume`)).status).toBe(200);
    await step();
    expect(await storedResults(app.db)).toHaveLength(before + 3);
  });
});
