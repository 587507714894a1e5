// Dependencies on the real engine: a loopback target, the check and delivery jobs and a real SMTP
// server on a ManualClock. An upstream outage swallows its dependants' incidents and alerts.
import { afterEach, describe, expect, it } from 'vitest';
import { type OutageHarness, startOutageHarness } from './test/outage-harness.ts';

let h: OutageHarness;
afterEach(async () => {
  await h?.close();
});

const SECOND = 1000;

async function stepUntil(done: () => Promise<boolean>, limit = 200) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await h.step();
  }
  throw new Error(`not reached within ${limit} checks`);
}

/** Runs every check due within the next `ms`: past every hold and grouping window. */
async function passTime(ms: number) {
  const until = h.app.clock.now() + ms;
  while (h.app.clock.now() < until) await h.step(until - h.app.clock.now());
}

async function statuses(ids: readonly string[]): Promise<string[]> {
  const rows = await h.app.db
    .selectFrom('monitors')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => rows.find((row) => row.id === id)?.status ?? 'missing');
}

const all = (ids: readonly string[], status: string) => async () =>
  (await statuses(ids)).every((s) => s === status);

async function dependOn(monitorId: string, upstreamId: string) {
  const response = await h.app.send(h.owner, 'PATCH', `/monitors/${monitorId}/alert-settings`, {
    dependsOn: [upstreamId],
  });
  expect(response.status).toBe(200);
}

async function affectedBy(incidentId: string): Promise<string[]> {
  const rows = await h.app.db
    .selectFrom('incident_monitors')
    .select('monitor_id')
    .where('incident_id', '=', incidentId)
    .execute();
  return rows.map((row) => row.monitor_id).sort();
}

/** Checkout (its own path on the target) depends on Core API; both up. */
async function checkoutOnCoreApi() {
  h = await startOutageHarness({ plan: 'pro' });
  const upstream = await h.monitor('Core API');
  const dependant = await h.monitor('Checkout', { path: '/checkout' });
  await dependOn(dependant.id, upstream.id);
  await stepUntil(all([upstream.id, dependant.id], 'up'));
  return { upstream, dependant };
}

describe('monitor dependencies', () => {
  it('one upstream and 10 dependants failing together: one incident, one alert, the 10 listed as affected', async () => {
    h = await startOutageHarness({ plan: 'pro' });
    const upstream = await h.monitor('Core API');
    const dependants = [];
    for (let i = 1; i <= 10; i++) dependants.push(await h.monitor(`Service ${i}`));
    for (const dependant of dependants) await dependOn(dependant.id, upstream.id);
    const ids = [upstream.id, ...dependants.map((d) => d.id)];
    await stepUntil(all(ids, 'up'));

    h.answer('error');
    await stepUntil(all(ids, 'down'));
    await passTime(3 * 60_000);

    const incidents = await h.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.primary_monitor_id).toBe(upstream.id);
    expect(await affectedBy(incidents[0]?.id ?? '')).toEqual([...ids].sort());
    expect(h.subjects()).toEqual(['[Down] Core API — 503 Service Unavailable']);
    const deliveries = await h.app.db.selectFrom('alert_deliveries').select('status').execute();
    expect(deliveries.map((d) => d.status)).toEqual(['sent']);

    h.answer('ok');
    await stepUntil(all(ids, 'up'));
    await passTime(3 * 60_000);
    expect((await h.incidents()).map((incident) => incident.status)).toEqual(['resolved']);
    expect(h.subjects()).toHaveLength(2);
    expect(h.subjects()[1]).toMatch(/^\[Recovered\] Core API — back up after /);
  });

  it('a dependant confirmed down first waits while its upstream is checked at once, then folds into its incident', async () => {
    const { upstream, dependant } = await checkoutOnCoreApi();

    h.answerPath('/checkout', 'error');
    await stepUntil(all([dependant.id], 'down'));
    const confirmedAt = h.app.clock.now();
    // The upstream is due now, not at its next slot.
    const { next_run_at } = await h.app.db
      .selectFrom('monitors')
      .select('next_run_at')
      .where('id', '=', upstream.id)
      .executeTakeFirstOrThrow();
    expect(next_run_at).toBeLessThanOrEqual(confirmedAt);
    expect(h.subjects()).toEqual([]);

    // The host is down after all: the upstream's check and re-check fail.
    h.answer('error');
    await stepUntil(all([upstream.id], 'down'));
    await passTime(3 * 60_000);

    const incidents = await h.incidents();
    expect(incidents.map((incident) => incident.primary_monitor_id)).toEqual([upstream.id]);
    expect(await affectedBy(incidents[0]?.id ?? '')).toEqual([upstream.id, dependant.id].sort());
    expect(h.subjects()).toEqual(['[Down] Core API — 503 Service Unavailable']);
  });

  it("a dependant's own outage alerts once its upstream's check comes back fine", async () => {
    const { upstream, dependant } = await checkoutOnCoreApi();

    h.answerPath('/checkout', 'error');
    await stepUntil(all([dependant.id], 'down'));
    const confirmedAt = h.app.clock.now();
    await stepUntil(async () => h.subjects().length > 0);

    expect(h.subjects()).toEqual(['[Down] Checkout — 503 Service Unavailable']);
    const [delivery] = await h.app.db.selectFrom('alert_deliveries').select('sent_at').execute();
    // Held for the upstream's verdict (its timeout, the confirmation and a margin), not longer.
    expect(delivery?.sent_at ?? 0).toBeGreaterThan(confirmedAt);
    expect((delivery?.sent_at ?? 0) - confirmedAt).toBeLessThanOrEqual(
      30 * SECOND + 15 * SECOND + 5 * SECOND + 60 * SECOND,
    );
    expect((await statuses([upstream.id]))[0]).toBe('up');
  });

  it('a dependant still failing when its upstream recovers is checked again and gets an incident and an alert of its own', async () => {
    const { upstream, dependant } = await checkoutOnCoreApi();

    h.answer('error');
    await stepUntil(all([upstream.id, dependant.id], 'down'));
    await passTime(3 * 60_000);
    expect(h.subjects()).toEqual(['[Down] Core API — 503 Service Unavailable']);

    h.answer('ok');
    h.answerPath('/checkout', 'error');
    await stepUntil(all([upstream.id], 'up'));
    await stepUntil(async () => h.subjects().length === 3);

    const incidents = await h.incidents();
    expect(incidents.map((incident) => [incident.primary_monitor_id, incident.status])).toEqual([
      [upstream.id, 'resolved'],
      [dependant.id, 'investigating'],
    ]);
    expect(h.subjects()).toEqual([
      '[Down] Core API — 503 Service Unavailable',
      expect.stringMatching(/^\[Recovered\] Core API — back up after /),
      '[Down] Checkout — 503 Service Unavailable',
    ]);
  });
});
