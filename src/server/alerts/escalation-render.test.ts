// Escalations and acknowledgements in every channel: the words, the one-click acknowledgement
// link on the alerts that ask for it (and on no other), and the on-call tools acknowledging the
// alert they opened for the incident.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_KINDS } from '../../core/api/alerts.ts';
import { delivery as emailChannel } from '../../core/channels/email/delivery.ts';
import { delivery as ntfyChannel } from '../../core/channels/ntfy/delivery.ts';
import { delivery as opsgenieChannel } from '../../core/channels/opsgenie/delivery.ts';
import { delivery as pagerdutyChannel } from '../../core/channels/pagerduty/delivery.ts';
import { delivery as pushoverChannel } from '../../core/channels/pushover/delivery.ts';
import { channelOf } from './registry.ts';
import { ALERT_EVENTS } from './test/alert-events.ts';
import { ACK_LINK, CONTEXT, startChannelHarness } from './test/channel-harness.ts';

const ASKING = ['monitor.down', 'incident.escalated'] as const;
let h: Awaited<ReturnType<typeof startChannelHarness>>;
beforeAll(async () => {
  h = await startChannelHarness();
});
afterAll(async () => {
  await h.close();
});

describe('escalation and acknowledgement alerts', () => {
  it.each(CHANNEL_KINDS)('%s carries the acknowledgement link on Down and escalation alerts only', (kind) => {
    const channel = channelOf(kind);
    for (const [alertKind, event] of Object.entries(ALERT_EVENTS)) {
      const rendered = JSON.stringify(channel.render(event, CONTEXT));
      const asks = (ASKING as readonly string[]).includes(alertKind);
      expect(rendered.includes(ACK_LINK), `${kind} ${alertKind}`).toBe(asks);
    }
    // A test alert never acknowledges anything.
    const test = JSON.stringify(channel.render(ALERT_EVENTS['monitor.down'], { ...CONTEXT, test: true }));
    expect(test).not.toContain(ACK_LINK);
  });

  it('says how long nobody acknowledged, which step fired and who acknowledged', () => {
    const escalated = emailChannel.render(ALERT_EVENTS['incident.escalated'], CONTEXT);
    expect(escalated.subject).toBe('[Escalated] shop.example.com — not acknowledged after 10 min');
    expect(escalated.text).toContain(
      'Not acknowledged after 10 min: escalated to step 2 of 2 of the escalation policy “On call”.',
    );
    expect(escalated.text).toContain(`Acknowledge: ${ACK_LINK}`);
    expect(escalated.html).toContain(`href="${ACK_LINK}"`);
    const repeat = emailChannel.render(
      {
        ...ALERT_EVENTS['incident.escalated'],
        escalation: { policyName: 'On call', step: 2, steps: 2, repeat: true, unacknowledgedMs: 1_500_000 },
      },
      CONTEXT,
    );
    expect(repeat.text).toContain('Not acknowledged after 25 min: repeating step 2 of 2');
    const acknowledged = emailChannel.render(ALERT_EVENTS['incident.acknowledged'], CONTEXT);
    expect(acknowledged.subject).toBe('[Acknowledged] shop.example.com — acknowledged by Ada Lovelace');
    expect(acknowledged.text).toContain('Escalation has stopped.');
  });

  it('acknowledges the PagerDuty alert of the incident with its dedup key, and re-triggers it on escalation', () => {
    const ack = pagerdutyChannel.render(ALERT_EVENTS['incident.acknowledged'], CONTEXT);
    expect(ack).toEqual({ event_action: 'acknowledge', dedup_key: 'upwatch-incident-i1' });
    const escalated = pagerdutyChannel.render(ALERT_EVENTS['incident.escalated'], CONTEXT);
    expect(escalated).toMatchObject({
      event_action: 'trigger',
      dedup_key: 'upwatch-incident-i1',
      payload: { severity: 'critical' },
    });
  });

  it("acknowledges the Opsgenie alert through its acknowledge endpoint by the incident's alias", async () => {
    const sent = await h.sendEveryKind(opsgenieChannel, { apiKey: 'og-key-1234' });
    const ack = sent.find((request) => request.kind === 'incident.acknowledged');
    expect(ack?.request.path).toBe('/og/v2/alerts/upwatch-incident-i1/acknowledge?identifierType=alias');
    expect(ack?.body).toMatchObject({ source: 'Upwatch', note: expect.stringContaining('Ada Lovelace') });
    const escalated = sent.find((request) => request.kind === 'incident.escalated');
    expect(escalated?.body).toMatchObject({ alias: 'upwatch-incident-i1', priority: 'P1' });
  });

  it('rings phones for an escalation and not for an acknowledgement', async () => {
    const pushover = await h.sendEveryKind(pushoverChannel, {
      userKey: 'u'.repeat(30),
      appToken: 'a'.repeat(30),
      priority: 1,
    });
    const priority = (kind: string) => pushover.find((request) => request.kind === kind)?.body.priority;
    expect([priority('incident.escalated'), priority('incident.acknowledged')]).toEqual([1, 0]);
    const ntfy = await h.sendEveryKind(ntfyChannel, { url: `${h.receiver.url}/`, topic: 'ops', priority: 5 });
    const escalated = ntfy.find((request) => request.kind === 'incident.escalated')?.body;
    expect(escalated).toMatchObject({
      priority: 5,
      actions: [{ action: 'view', label: 'Acknowledge', url: ACK_LINK }],
    });
    expect(ntfy.find((request) => request.kind === 'incident.acknowledged')?.body.priority).toBe(3);
  });
});
