// A monitor that fails again soon after recovering: its incident is reopened, and each outage
// still reaches every channel with its own Down and Recovered alert. Only flapping (more than
// the policy's changes within its window) holds alerts back, and the alert that starts the
// hold says so. The real engine: check job, delivery job, a real SMTP server and a Slack stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../alerts/test/receiver.ts';
import { type OutageHarness, startOutageHarness } from './test/outage-harness.ts';

let h: OutageHarness;
let slack: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await slack?.close();
  await h?.close();
});

const MINUTE = 60_000;

async function stepUntil(done: () => Promise<boolean>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await h.step();
  }
  throw new Error(`not reached within ${limit} checks`);
}

const statusOf = async (id: string) =>
  (await h.app.db.selectFrom('monitors').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

/** A monitor every 5 s alerting a Slack channel and an email channel. */
async function watchedMonitor() {
  h = await startOutageHarness({ plan: 'pro' });
  slack = await startReceiver();
  const { id } = await h.monitor('Shop', { intervalSeconds: 5 });
  const channelIds: string[] = [];
  for (const body of [
    { kind: 'slack', name: '#ops', config: { url: `${slack.url}/hook` } },
    { kind: 'email', name: 'Ops', config: { address: 'ops@example.com' } },
  ]) {
    const response = await h.app.send(h.owner, 'POST', '/alert-channels', body);
    expect(response.status, await response.clone().text()).toBe(201);
    channelIds.push(((await response.json()) as { id: string }).id);
  }
  const chosen = await h.app.send(h.owner, 'PUT', `/monitors/${id}/alert-channels`, { channelIds });
  expect(chosen.status).toBe(200);
  await stepUntil(async () => (await statusOf(id)) === 'up');
  return id;
}

/** One outage: down until confirmed and alerted, then up until recovered and delivered. */
async function outage(id: string) {
  h.answer('error');
  await stepUntil(async () => (await statusOf(id)) === 'down');
  for (let i = 0; i < 3; i++) await h.step();
  h.answer('ok');
  await stepUntil(async () => (await statusOf(id)) === 'up');
  for (let i = 0; i < 3; i++) await h.step();
}

/** Each Slack message's notification text and blocks, as one string. */
const slackMessages = () => (slack?.requests ?? []).map((request) => request.body);
const tagged = (messages: string[], words: string) => messages.filter((message) => message.includes(words));

describe('a second outage soon after a recovery', () => {
  it('sends its own Down and Recovered alert to every channel, on one reopened incident', async () => {
    const id = await watchedMonitor();
    await outage(id);
    await outage(id);

    const subjects = h.subjects();
    expect(subjects.filter((s) => s.startsWith('[Down] Shop'))).toHaveLength(2);
    expect(subjects.filter((s) => s.startsWith('[Recovered] Shop'))).toHaveLength(2);
    expect(tagged(slackMessages(), '[Down] Shop')).toHaveLength(2);
    expect(tagged(slackMessages(), '[Recovered] Shop')).toHaveLength(2);

    const incidents = await h.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ status: 'resolved', flapping_since: null });
    const kinds = await h.app.db
      .selectFrom('incident_events')
      .select('kind')
      .where('incident_id', '=', incidents[0]?.id ?? '')
      .execute();
    expect(kinds.map((event) => event.kind)).toContain('reopened');
  });

  it("the second Recovered alert reports the second outage's downtime, not time since the first", async () => {
    const id = await watchedMonitor();
    await outage(id);
    // Up for ten minutes between the two outages.
    h.app.clock.advance(10 * MINUTE);
    await h.step();
    await outage(id);
    const recovered = h.subjects().filter((s) => s.startsWith('[Recovered] Shop'));
    expect(recovered).toHaveLength(2);
    // Each outage lasted well under a minute: a reading that counted from the first would say 10 min.
    for (const subject of recovered) expect(subject).toMatch(/back up after \d+ s$/);
  });

  it('a third outage within the window is flapping: its Down alert says alerts are held, then nothing until stable', async () => {
    const id = await watchedMonitor();
    await outage(id);
    await outage(id);
    await outage(id);
    const afterThird = h.subjects();
    const downs = afterThird.filter((s) => s.startsWith('[Down] Shop'));
    expect(downs).toHaveLength(3);
    const holdMail = h.sink.mails.filter((mail) => mail.subject.startsWith('[Down] Shop'))[2];
    expect(holdMail?.text).toContain(
      'Flapping: more than 4 status changes within 30 minutes. No further alerts for this monitor until it has been stable for 30 minutes.',
    );
    expect(tagged(slackMessages(), 'Flapping: more than 4 status changes')).toHaveLength(1);
    // The third recovery is held: the incident stays open, flapping, while the monitor is up.
    expect(afterThird.filter((s) => s.startsWith('[Recovered] Shop'))).toHaveLength(2);
    const [flapping] = await h.incidents();
    expect(flapping?.flapping_since).not.toBeNull();
    expect(flapping?.resolved_at).toBeNull();

    await outage(id);
    expect(h.subjects()).toEqual(afterThird);

    // Stable for the window: resolved, with the one Recovered alert the hold kept back.
    h.app.clock.advance(31 * MINUTE);
    await h.step();
    await h.step();
    const [resolved] = await h.incidents();
    expect(resolved?.status).toBe('resolved');
    expect(h.subjects().filter((s) => s.startsWith('[Recovered] Shop'))).toHaveLength(3);
  });
});
