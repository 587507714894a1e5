// The check job against a real test app and a real target on 127.0.0.1, on a manual clock: the
// set-up the check job's test files share. Bindings are live: each test sees its own app,
// clock, user and target, made fresh before it.
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect } from 'vitest';
import { startTarget, type Target } from '../../checks/test/targets.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import { type AppEvent, createLocalEventBus } from '../../platform/events/bus.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../../platform/net/test/loopback-only.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { storedResults } from '../../test/result-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AdmissionLimits } from '../admission.ts';
import { type CheckJob, createCheckJob } from '../check-job.ts';

export const START = Date.UTC(2026, 10, 1, 12);
export let t: TestApp;
export let clock: ManualClock;
export let user: TestUser;
export let target: Target;
export let events: AppEvent[];
let respond: (res: ServerResponse) => void;

/** How the target answers from now on (by default at once, `ok`). */
export function respondWith(answer: (res: ServerResponse) => void): void {
  respond = answer;
}

/** Makes a fresh app, clock, user and target before each test of the calling file. */
export function freshCheckJobEachTest(): void {
  beforeEach(async () => {
    clock = new ManualClock(START);
    t = await createTestApp({}, { clock, allowPrivateTargets: true });
    user = await createUser(t.auth);
    respond = (res) => res.end('ok');
    target = await startTarget((_req, res) => respond(res));
    events = [];
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });
}

export function job(
  options: {
    db?: Kysely<Database>;
    concurrency?: number;
    limits?: Partial<AdmissionLimits>;
    drainTimeoutMs?: number;
    lookAheadMs?: number;
    observer?: { started(dueAt: number, startedAt: number): void };
  } = {},
): CheckJob {
  const bus = createLocalEventBus();
  bus.subscribe((event) => events.push(event));
  return createCheckJob({
    db: t.database.db,
    dialect: t.database.dialect,
    clock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    events: bus,
    logger: createLogger('silent'),
    region: 'eu-test',
    workerId: 'worker-a',
    confirmDelayMs: 15_000,
    ...options,
  });
}

export async function createMonitor(name = 'Target'): Promise<string> {
  const response = await t.request('/api/v1/monitors', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name, url: `${target.origin}/health`, intervalSeconds: 60 }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

export const signal = new AbortController().signal;
export const results = () => storedResults(t.database.db);
export const monitorRow = (id: string) =>
  t.database.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
