import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../checks/test/targets.ts';
import { ManualClock } from '../../platform/clock.ts';
import { pump, testCheckJob } from '../../test/check-job-harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { apiAs } from '../../test/http.ts';
import { countResults } from '../../test/result-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// HTTP assertions through the API and the check job, against a real target on 127.0.0.1.
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let user: TestUser;
let target: Target;
let health: { status: string; items: number[] };

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  user = await createUser(t.auth);
  await t.grant(user.id, 'pro');
  health = { status: 'ok', items: [1, 2] };
  target = await startTarget((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-cache': 'MISS' }).end(JSON.stringify(health));
  });
});
afterEach(async () => {
  await target.close();
  await t.close();
});

const send = (method: string, path: string, body?: unknown) => apiAs(t, user.cookie).send(method, path, body);
const create = (body: Record<string, unknown>) => apiAs(t, user.cookie).create('/monitors', body);

const storedAssertions = async (id: string) =>
  (
    await t.database.db
      .selectFrom('monitors')
      .select('assertions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).assertions;

const ASSERTIONS = [
  { source: 'json', path: '$.status', operator: '==', value: 'ok' },
  { source: 'json', path: 'items.length', operator: '>', value: 1 },
  { source: 'header', name: 'x-cache', operator: 'exists' },
];

describe('http assertions through the API', () => {
  it('creates a monitor with assertions and answers them; one without has none, stored as null', async () => {
    const monitor = await create({ name: 'API', url: `${target.origin}/health`, assertions: ASSERTIONS });
    expect(monitor.assertions).toEqual(ASSERTIONS);
    expect((await (await send('GET', `/monitors/${monitor.id}`)).json()).assertions).toEqual(ASSERTIONS);
    expect(JSON.parse((await storedAssertions(monitor.id)) ?? 'null')).toEqual(ASSERTIONS);

    const plain = await create({ name: 'Site', url: target.origin });
    expect(plain.assertions).toEqual([]);
    expect(await storedAssertions(plain.id)).toBeNull();
  });

  it.each([
    [
      [{ source: 'json', path: '$.items[x]', operator: '==', value: 1 }],
      'assertions.0.path: Use [n] with a whole number, or ["name"], at position 8.',
    ],
    [
      [ASSERTIONS[0], { source: 'json', path: '$.a', operator: 'matches', value: 'x' }],
      'assertions.1.operator: Choose an operator: ==, !=, <, >, contains, exists.',
    ],
    [
      [{ source: 'header', name: 'x-cache', operator: 'contains' }],
      'assertions.0.value: Enter a value to compare with.',
    ],
  ])('refuses %j on create with validation_failed naming the field', async (assertions, message) => {
    const response = await send('POST', '/monitors', { name: 'API', url: target.origin, assertions });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toEqual({ code: 'validation_failed', message });
  });

  it('updates the assertions alone, refuses bad ones by name, and clears them with an empty list', async () => {
    const monitor = await create({
      name: 'API',
      url: target.origin,
      keyword: { mode: 'contains', value: 'ok' },
    });
    const updated = await (await send('PATCH', `/monitors/${monitor.id}`, { assertions: ASSERTIONS })).json();
    expect(updated).toMatchObject({ assertions: ASSERTIONS, keyword: { mode: 'contains', value: 'ok' } });

    const bad = await send('PATCH', `/monitors/${monitor.id}`, {
      assertions: [{ source: 'json', path: '$.count', operator: '<', value: '5' }],
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe('assertions.0.value: < compares numbers: enter a number.');

    const cleared = await (await send('PATCH', `/monitors/${monitor.id}`, { assertions: [] })).json();
    expect(cleared.assertions).toEqual([]);
    expect(await storedAssertions(monitor.id)).toBeNull();
  });

  it('refuses assertions on a tcp monitor', async () => {
    const monitor = await create({ kind: 'tcp', name: 'Redis', host: '127.0.0.1', port: 6379 });
    expect(monitor).not.toHaveProperty('assertions');
    const response = await send('PATCH', `/monitors/${monitor.id}`, { assertions: ASSERTIONS });
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe('assertions: tcp monitors have no assertions field.');
  });
});

describe('http assertions in the check job', () => {
  const job = () => testCheckJob(t, clock);
  const statusOf = async (id: string) => (await (await send('GET', `/monitors/${id}`)).json()).status;
  const resultCount = () => countResults(t.database.db);

  it('keeps the monitor up while the assertions hold and takes it down with assertion_failed when one fails', async () => {
    const monitor = await create({
      name: 'API',
      url: `${target.origin}/health`,
      assertions: ASSERTIONS,
      intervalSeconds: 60,
    });
    const worker = job();
    await pump(worker, async () => (await statusOf(monitor.id)) === 'up');

    health = { status: 'degraded', items: [1, 2] };
    clock.advance(60_000);
    await pump(worker, async () => (await resultCount()) === 2);
    clock.advance(15_000);
    await pump(worker, async () => (await statusOf(monitor.id)) === 'down');
    const [latest] = (await (await send('GET', `/monitors/${monitor.id}/results`)).json()).results;
    expect(latest).toMatchObject({
      status: 'down',
      statusCode: 200,
      failure: { code: 'assertion_failed', message: 'Expected $.status == "ok", got "degraded".' },
    });
  });
});
