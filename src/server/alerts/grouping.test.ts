// Grouped alerts on the real engine: monitors failing together reach each channel as one alert
// listing them all (a real SMTP server and a local Slack stand-in), while an outage alone still
// goes out at once.
import { afterEach, describe, expect, it } from 'vitest';
import { type OutageHarness, startOutageHarness } from '../incidents/test/outage-harness.ts';
import { startReceiver } from './test/receiver.ts';

let h: OutageHarness;
let slack: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await slack?.close();
  await h?.close();
});

async function stepUntil(done: () => Promise<boolean>, limit = 400) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await h.step();
  }
  throw new Error(`not reached within ${limit} checks`);
}

const allStatus = (ids: readonly string[], status: string) => async () => {
  const rows = await h.app.db.selectFrom('monitors').select('status').where('id', 'in', ids).execute();
  return rows.length === ids.length && rows.every((row) => row.status === status);
};

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** Twenty monitors every 10 s on one target, alerting a Slack channel and an email channel. */
async function twentyMonitors() {
  h = await startOutageHarness({ plan: 'pro' });
  slack = await startReceiver();
  const ids: string[] = [];
  for (let i = 1; i <= 20; i++) ids.push((await h.monitor(`Service ${i}`, { intervalSeconds: 10 })).id);
  const chat = await json<{ id: string }>(
    await h.app.send(h.owner, 'POST', '/alert-channels', {
      kind: 'slack',
      name: '#ops',
      config: { url: `${slack.url}/hook` },
    }),
    201,
  );
  const mail = await json<{ id: string }>(
    await h.app.send(h.owner, 'POST', '/alert-channels', {
      kind: 'email',
      name: 'Ops',
      config: { address: 'ops@example.com' },
    }),
    201,
  );
  for (const id of ids) {
    await json(
      await h.app.send(h.owner, 'PUT', `/monitors/${id}/alert-channels`, { channelIds: [chat.id, mail.id] }),
      200,
    );
  }
  await stepUntil(allStatus(ids, 'up'));
  return ids;
}

const slackTexts = () => (slack?.requests ?? []).map((request) => String(JSON.parse(request.body).text));

describe('grouped alerts', () => {
  it('20 monitors down within 10 s: one alert per channel listing all 20; their recoveries likewise', async () => {
    const ids = await twentyMonitors();
    h.answer('error');
    await stepUntil(allStatus(ids, 'down'));
    await stepUntil(async () => h.subjects().length > 0 && (slack?.requests.length ?? 0) > 0);
    // Past the grouping window: nothing more comes.
    h.app.clock.advance(120_000);
    for (let i = 0; i < 5; i++) await h.step();

    expect(h.subjects()).toEqual([expect.stringMatching(/^\[Down\] 20 monitors down: Service \d+, /)]);
    const mail = h.sink.mails[0];
    for (let i = 1; i <= 20; i++) expect(mail?.text).toContain(`Service ${i}:`);
    expect(slackTexts()).toHaveLength(1);
    expect(slackTexts()[0]).toContain('20 monitors down');
    expect(await h.incidents()).toHaveLength(20);
    const deliveries = await h.app.db.selectFrom('alert_deliveries').select('status').execute();
    expect(deliveries).toHaveLength(40);
    expect(deliveries.every((delivery) => delivery.status === 'sent')).toBe(true);

    h.answer('ok');
    await stepUntil(allStatus(ids, 'up'));
    await stepUntil(async () => h.subjects().length > 1);
    h.app.clock.advance(120_000);
    for (let i = 0; i < 5; i++) await h.step();
    expect(h.subjects()).toHaveLength(2);
    expect(h.subjects()[1]).toMatch(/^\[Recovered\] 20 monitors back up: /);
    expect(slackTexts()).toHaveLength(2);
    // Twenty monitors through a whole outage and recovery: hundreds of checks, up to 26 s
    // with PostgreSQL on a loaded machine.
  }, 45_000);

  it('an outage alone goes out at once, as a plain Down alert', async () => {
    h = await startOutageHarness({ plan: 'pro' });
    const { id } = await h.monitor('Checkout', { path: '/checkout' });
    await h.monitor('Search');
    await stepUntil(allStatus([id], 'up'));
    h.answerPath('/checkout', 'error');
    await stepUntil(allStatus([id], 'down'));
    await h.step(1);
    expect(h.subjects()).toEqual(['[Down] Checkout — 503 Service Unavailable']);
  });

  it('a window of 0 sends every Down alert on its own', async () => {
    const ids = await twentyMonitors();
    await json(await h.app.send(h.owner, 'PUT', '/workspace/alert-settings', { groupingSeconds: 0 }), 200);
    h.answer('error');
    await stepUntil(allStatus(ids, 'down'));
    for (let i = 0; i < 5; i++) await h.step();
    expect(h.subjects().filter((subject) => subject.startsWith('[Down] Service '))).toHaveLength(20);
  });
});
