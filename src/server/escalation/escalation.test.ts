// Escalation on the real engine (checks against a loopback target, the delivery job, real SMTP)
// with the fake clock: step 1 with the Down alert, step 2 after its wait, the last step repeated
// until someone acknowledges with the link in a mail, then one announcement to everyone alerted.
import { afterEach, describe, expect, it } from 'vitest';
import { type EscalationHarness, MINUTE, startEscalationHarness } from './test/escalation-harness.ts';

let e: EscalationHarness;
afterEach(async () => {
  await e?.close();
});

const ONCALL = 'oncall@example.com';
const LEAD = 'lead@example.com';

async function twoStepPolicy(repeatEveryMinutes: number | null = 15) {
  const oncall = await e.emailChannel('On call', ONCALL);
  const lead = await e.emailChannel('Team lead', LEAD);
  await e.api(
    'POST',
    '/escalation-policies',
    {
      name: 'Office hours',
      steps: [
        { channelIds: [oncall], waitMinutes: 10 },
        { channelIds: [lead], waitMinutes: 5 },
      ],
      repeatEveryMinutes,
      isDefault: true,
    },
    201,
  );
  return { oncall, lead };
}

describe('escalation', () => {
  it('alerts step 1 at once, step 2 after its wait, repeats the last step until acknowledged by the link, then announces once', async () => {
    e = await startEscalationHarness();
    await twoStepPolicy(15);
    const opened = await e.goDown();
    // Step 1 is the Down alert, to step 1's channel only: the policy names who hears.
    expect(e.mailsTo(ONCALL).map((mail) => mail.subject)).toEqual([
      '[Down] api.example.com — 503 Service Unavailable',
    ]);
    expect(e.h.sink.mails).toHaveLength(1);
    expect(opened).toMatchObject({
      escalation_round: 1,
      next_escalation_at: opened.created_at + 10 * MINUTE,
    });

    const sinceDown = e.h.app.clock.now() - opened.created_at;
    expect(await e.advance(10 * MINUTE - sinceDown - 1000)).toEqual({ due: 0, fired: 0 });
    expect(e.mailsTo(LEAD)).toHaveLength(0);

    expect(await e.advance(1000)).toEqual({ due: 1, fired: 1 });
    expect(e.mailsTo(LEAD).map((mail) => mail.subject)).toEqual([
      '[Escalated] api.example.com — not acknowledged after 10 min',
    ]);
    expect(e.mailsTo(LEAD)[0]?.text).toContain(
      'escalated to step 2 of 2 of the escalation policy “Office hours”',
    );

    // The last step repeats every 15 minutes, and only then.
    await e.advance(14 * MINUTE);
    expect(e.mailsTo(LEAD)).toHaveLength(1);
    await e.advance(MINUTE);
    await e.advance(15 * MINUTE);
    expect(e.mailsTo(LEAD).map((mail) => mail.subject)).toEqual([
      '[Escalated] api.example.com — not acknowledged after 10 min',
      '[Escalated] api.example.com — not acknowledged after 25 min',
      '[Escalated] api.example.com — not acknowledged after 40 min',
    ]);
    expect(e.mailsTo(ONCALL)).toHaveLength(1);

    // A mail scanner fetching the link changes nothing; the button's POST acknowledges.
    const link = e.ackLinkIn(LEAD);
    const page = await e.openLink(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Acknowledge this incident?');
    expect(html).toContain('api.example.com is down');
    expect((await e.incident()).acknowledged_at).toBeNull();

    const done = await e.openLink(link, 'POST');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Acknowledged</h1>');
    await e.h.app.deliver();
    const acknowledged = await e.incident();
    expect(acknowledged).toMatchObject({
      acknowledged_via: 'link',
      acknowledged_by: null,
      next_escalation_at: null,
    });
    const [entry] = (await e.timeline(acknowledged.id)).filter((event) => event.kind === 'acknowledged');
    expect(entry?.message).toBe('Acknowledged by someone using the link in the alert to Email “Team lead”.');

    // Announced once to each channel already alerted; the account email never was.
    const announced =
      '[Acknowledged] api.example.com — acknowledged by someone using the link in the alert to Email “Team lead”';
    expect(e.mailsTo(ONCALL).map((mail) => mail.subject)).toContain(announced);
    expect(e.mailsTo(LEAD).filter((mail) => mail.subject === announced)).toHaveLength(1);
    expect(e.h.sink.mails).toHaveLength(6);

    // Escalation stopped; a second click says so and sends nothing.
    expect(await e.advance(60 * MINUTE)).toEqual({ due: 0, fired: 0 });
    const again = await e.openLink(link, 'POST');
    expect(await again.text()).toContain('Already acknowledged');
    await e.h.app.deliver();
    expect(e.h.sink.mails).toHaveLength(6);

    // The recovery reaches every channel the escalation reached.
    e.h.answer('ok');
    for (let i = 0; i < 4; i++) await e.h.step();
    const recovered = e.h.sink.mails.filter((mail) => mail.subject.startsWith('[Recovered]'));
    expect(recovered.flatMap((mail) => mail.to).sort()).toEqual([LEAD, ONCALL]);
  });

  it('refuses a tampered or expired link and acknowledges nothing', async () => {
    e = await startEscalationHarness();
    await twoStepPolicy();
    await e.goDown();
    const link = e.ackLinkIn(ONCALL);
    const [payload = '', signature = ''] = new URL(link).pathname.replace('/ack/', '').split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = `${new URL(link).origin}/ack/${payload}.${flipped}`;
    for (const method of ['GET', 'POST'] as const) {
      const refused = await e.openLink(tampered, method);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Invalid acknowledgement link');
    }
    const otherIncident = Buffer.from(JSON.stringify(['another-incident', null, 9e15])).toString('base64url');
    expect(
      (await e.openLink(`${new URL(link).origin}/ack/${otherIncident}.${signature}`, 'POST')).status,
    ).toBe(400);
    expect((await e.incident()).acknowledged_at).toBeNull();

    e.h.app.clock.advance(8 * 24 * 60 * MINUTE);
    const expired = await e.openLink(link, 'POST');
    expect(expired.status).toBe(410);
    expect((await e.incident()).acknowledged_at).toBeNull();
  });

  it('stops escalating when the incident resolves, and sends the recovery to the channels alerted', async () => {
    e = await startEscalationHarness();
    await twoStepPolicy();
    await e.goDown();
    e.h.answer('ok');
    for (let i = 0; i < 4; i++) await e.h.step();
    const resolved = await e.incident();
    expect(resolved.resolved_at).not.toBeNull();
    expect(resolved.next_escalation_at).toBeNull();
    expect(await e.advance(30 * MINUTE)).toEqual({ due: 0, fired: 0 });
    expect(e.mailsTo(LEAD)).toHaveLength(0);
    expect(e.mailsTo(ONCALL).map((mail) => mail.subject)).toEqual([
      '[Down] api.example.com — 503 Service Unavailable',
      expect.stringMatching(/^\[Recovered\]/),
    ]);
  });

  it('also alerts the channels chosen for the monitor at step 1, and follows the policy the monitor chose', async () => {
    e = await startEscalationHarness();
    await twoStepPolicy();
    const ops = await e.emailChannel('Ops', 'ops@example.com');
    const night = await e.emailChannel('Night', 'night@example.com');
    const nightPolicy = await e.api<{ id: string }>(
      'POST',
      '/escalation-policies',
      { name: 'Nights', steps: [{ channelIds: [night], waitMinutes: 1 }] },
      201,
    );
    await e.api('PUT', `/monitors/${e.monitorId}/alert-channels`, { channelIds: [ops] });
    const chosen = await e.api<{ policyId: string; effective: { name: string } }>(
      'PUT',
      `/monitors/${e.monitorId}/escalation-policy`,
      { policyId: nightPolicy.id },
    );
    expect(chosen).toMatchObject({
      policyId: nightPolicy.id,
      effective: { name: 'Nights', isDefault: false },
    });
    await e.goDown();
    expect(e.h.sink.mails.flatMap((mail) => mail.to).sort()).toEqual([
      'night@example.com',
      'ops@example.com',
    ]);
    // One step, no repeat: nothing follows.
    expect((await e.incident()).next_escalation_at).toBeNull();
    expect(await e.advance(30 * MINUTE)).toEqual({ due: 0, fired: 0 });
  });

  it('acknowledging through the API stops escalation, names the person and announces once', async () => {
    e = await startEscalationHarness();
    await twoStepPolicy();
    const { id } = await e.goDown();
    const acknowledged = await e.api<{ acknowledgedAt: number; acknowledgement: unknown }>(
      'POST',
      `/incidents/${id}/acknowledge`,
    );
    expect(acknowledged.acknowledgement).toEqual({
      at: acknowledged.acknowledgedAt,
      by: { id: e.h.owner.id, name: e.h.owner.name },
      via: 'app',
      label: e.h.owner.name,
    });
    await e.api('POST', `/incidents/${id}/acknowledge`);
    await e.h.app.deliver();
    expect(e.mailsTo(ONCALL).map((mail) => mail.subject)).toEqual([
      '[Down] api.example.com — 503 Service Unavailable',
      `[Acknowledged] api.example.com — acknowledged by ${e.h.owner.name}`,
    ]);
    expect(await e.advance(30 * MINUTE)).toEqual({ due: 0, fired: 0 });
    const entries = (await e.timeline(id)).filter((event) => event.kind === 'acknowledged');
    expect(entries).toEqual([
      { kind: 'acknowledged', message: `Acknowledged by ${e.h.owner.name}.`, actor_id: e.h.owner.id },
    ]);
  });
});
