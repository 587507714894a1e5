// The subscription journey on the real engine: a visitor subscribes on a public page, a real SMTP
// server receives the mails, outages come from a real loopback target, and the subscriber job
// sends. Webhook subscribers get the same events, signed as webhook alerts are.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../alerts/test/receiver.ts';
import { TEST_PUBLIC_URL, TEST_SECRET } from '../../test/test-app.ts';
import { pathIn } from './test/subscriber-app.ts';
import { MINUTE, type SubscriberHarness, startSubscriberHarness } from './test/subscriber-harness.ts';
import { webhookSecretOf } from './tokens.ts';

let s: SubscriberHarness;
afterEach(async () => {
  await s?.close();
});

const READER = 'reader@example.test';

describe('an email subscriber', () => {
  it('gets nothing before confirming, then exactly one mail per opened, updated and resolved incident, and none after unsubscribing', async () => {
    s = await startSubscriberHarness('starter');
    const monitor = await s.h.monitor('checkout-api');
    await s.page('acme', [{ monitorId: monitor.id, displayName: 'Checkout' }]);
    await s.up(monitor.id);

    const answer = await s.subscribe('acme', { email: 'Reader@Example.test' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = await answer.text();
    expect(page).toContain('Check your inbox');
    expect(page).toContain(
      'We sent a confirmation link to reader@example.test. Nothing more is sent until you follow it; the link works for seven days.',
    );

    // An outage before confirmation: the confirmation request is all the reader gets.
    await s.outage(monitor.id);
    await s.notify();
    await s.recovery(monitor.id);
    await s.notify();
    const [confirmation, ...early] = s.mailsTo(READER);
    expect(early).toEqual([]);
    expect(confirmation?.subject).toBe('Confirm your subscription to Acme');
    expect(confirmation?.text).toContain(
      'Someone, hopefully you, asked for updates about Acme at this address.',
    );
    expect(confirmation?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const confirmed = await s.h.app.request(pathIn(confirmation?.text ?? '', '/status/acme/confirm/'));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You will get updates about Acme.');

    // Past the flapping window, so the next outage is a new incident that can resolve.
    s.h.app.clock.advance(40 * MINUTE);
    await s.outage(monitor.id);
    await s.notify();
    const [incident] = await s.h.app.db
      .selectFrom('incidents')
      .select('id')
      .where('resolved_at', 'is', null)
      .execute();
    const update = await s.h.app.send(s.h.owner, 'POST', `/incidents/${incident?.id}/updates`, {
      message: 'A database node failed; traffic moved to a replica.',
      status: 'identified',
    });
    expect(update.status).toBe(201);
    await s.notify();
    await s.recovery(monitor.id);
    await s.notify();

    const told = s.mailsTo(READER).slice(1);
    expect(told.map((mail) => mail.subject)).toEqual([
      '[Acme] Incident: Checkout is down',
      '[Acme] Update: Checkout is down',
      '[Acme] Resolved: Checkout is down',
    ]);
    expect(told[1]?.text).toContain('A database node failed; traffic moved to a replica.');
    expect(told[1]?.text).toMatch(/Status:\s+Identified/);
    expect(told[2]?.text).toMatch(/Status:\s+Resolved/);
    for (const mail of told) {
      expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`View the status page: ${TEST_PUBLIC_URL}/status/acme`);
    }

    // One-click unsubscribe, as a mail client does it: a POST to the List-Unsubscribe address.
    const unsubscribe = pathIn(told[2]?.headers ?? '', '/status/acme/unsubscribe/');
    const shown = await s.h.app.request(unsubscribe);
    expect(await shown.text()).toContain('Unsubscribe from Acme?');
    const gone = await s.h.app.request(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(gone.status).toBe(200);
    expect(await gone.text()).toContain('You will get no more updates about Acme.');

    s.h.app.clock.advance(40 * MINUTE);
    await s.outage(monitor.id);
    await s.notify();
    expect(s.mailsTo(READER)).toHaveLength(4);
  });

  it('hears only about the monitors it chose', async () => {
    s = await startSubscriberHarness('starter');
    const api = await s.h.monitor('api', { path: '/api' });
    const web = await s.h.monitor('web', { path: '/web' });
    await s.page('acme', [{ monitorId: api.id }, { monitorId: web.id }]);
    await s.up(api.id);
    await s.subscribe('acme', { email: READER, monitor: [web.id] });
    await s.notify();
    const [confirmation] = s.mailsTo(READER);
    await s.h.app.request(pathIn(confirmation?.text ?? '', '/status/acme/confirm/'));

    s.h.answerPath('/api', 'error');
    await s.h.step();
    for (let i = 0; i < 5; i++) await s.h.step();
    expect((await s.h.incidents()).length).toBe(1);
    await s.notify();
    expect(s.mailsTo(READER)).toHaveLength(1);

    s.h.answerPath('/web', 'error');
    for (let i = 0; i < 5; i++) await s.h.step();
    await s.notify();
    expect(s.mailsTo(READER).map((mail) => mail.subject)).toEqual([
      'Confirm your subscription to Acme',
      '[Acme] Incident: web is down',
    ]);
  });
});

describe('a webhook subscriber', () => {
  it('confirms through the signed confirmation event, then receives signed incident events', async () => {
    s = await startSubscriberHarness('starter');
    const receiver = await startReceiver();
    try {
      const monitor = await s.h.monitor('checkout-api');
      await s.page('acme', [{ monitorId: monitor.id, displayName: 'Checkout' }]);
      await s.up(monitor.id);

      const answer = await s.subscribe('acme', { email: '', webhookUrl: `${receiver.url}/hooks/upwatch` });
      const page = await answer.text();
      expect(answer.status).toBe(200);
      expect(page).toContain('Confirm your webhook');
      const secret = /<code>(whsec_[\w-]+)<\/code>/.exec(page)?.[1] ?? '';
      const subscriber = await s.h.app.db
        .selectFrom('status_page_subscribers')
        .select('id')
        .executeTakeFirstOrThrow();
      expect(secret).toBe(webhookSecretOf(TEST_SECRET, subscriber.id));

      await s.notify();
      const verify = (index: number) => {
        const request = receiver.requests[index];
        const timestamp = String(request?.headers['x-upwatch-timestamp']);
        const expected = createHmac('sha256', secret).update(`${timestamp}.${request?.body}`).digest('hex');
        expect(request?.headers['x-upwatch-signature']).toBe(`sha256=${expected}`);
        return JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
      };
      const confirmation = verify(0);
      expect(receiver.requests[0]?.path).toBe('/hooks/upwatch');
      expect(confirmation).toMatchObject({ type: 'subscription.confirm', page: { name: 'Acme' } });
      expect(receiver.requests[0]?.headers['x-upwatch-event']).toBe('subscription.confirm');

      // Nothing but the confirmation before its link is followed.
      await s.outage(monitor.id);
      await s.notify();
      expect(receiver.requests).toHaveLength(1);
      await s.recovery(monitor.id);
      const confirmUrl = String(confirmation.confirmUrl).slice(TEST_PUBLIC_URL.length);
      expect((await s.h.app.request(confirmUrl)).status).toBe(200);

      s.h.app.clock.advance(40 * MINUTE);
      await s.outage(monitor.id);
      await s.notify();
      await s.recovery(monitor.id);
      await s.notify();
      expect(receiver.requests).toHaveLength(3);
      const opened = verify(1);
      expect(opened).toMatchObject({
        type: 'incident.opened',
        incident: { title: 'Checkout is down', status: 'investigating', monitors: ['Checkout'] },
      });
      expect(verify(2)).toMatchObject({ type: 'incident.resolved', incident: { status: 'resolved' } });

      // The unsubscribe URL in every event: one POST and nothing more arrives.
      const unsubscribe = String(opened.unsubscribeUrl).slice(TEST_PUBLIC_URL.length);
      expect((await s.h.app.request(unsubscribe, { method: 'POST' })).status).toBe(200);
      s.h.app.clock.advance(40 * MINUTE);
      await s.outage(monitor.id);
      await s.notify();
      expect(receiver.requests).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });
});
