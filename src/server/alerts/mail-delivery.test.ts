import { afterEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from './enqueue.ts';
import { type AlertApp, createAlertApp, START } from './test/alert-app.ts';
import { startSmtpSink } from './test/smtp-sink.ts';

let t: AlertApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
});

const TWELVE_MIN = 12 * 60_000;

function events(monitorId: string, incidentId: string): [AlertEvent, AlertEvent] {
  const monitor = { id: monitorId, name: 'api.example.com', url: 'https://api.example.com/health' };
  const incident = { id: incidentId, title: 'api.example.com is down', startedAt: START };
  return [
    {
      kind: 'monitor.down',
      at: START,
      monitor,
      incident,
      failure: { statusCode: 503, code: null, message: null },
      downtimeMs: null,
    },
    { kind: 'monitor.up', at: START + TWELVE_MIN, monitor, incident, failure: null, downtimeMs: TWELVE_MIN },
  ];
}

describe('alert mail over SMTP', () => {
  it('sends one Down and one Recovered mail to the account email, with text, HTML and links', async () => {
    sink = await startSmtpSink();
    t = await createAlertApp({ smtpUrl: sink.url });
    const user = await t.user();
    const monitor = await (
      await t.send(user, 'POST', '/monitors', {
        name: 'api.example.com',
        url: 'https://api.example.com/health',
      })
    ).json();
    const incidentId = 'incident-1';
    const [down, up] = events(monitor.id, incidentId);
    await t.db
      .transaction()
      .execute((tx) => enqueueAlert(tx, { workspaceId: user.id, incidentId: null, event: down, now: START }));
    await t.deliver();
    t.clock.advance(TWELVE_MIN);
    await t.db
      .transaction()
      .execute((tx) =>
        enqueueAlert(tx, { workspaceId: user.id, incidentId: null, event: up, now: t.clock.now() }),
      );
    await t.deliver();

    expect(sink.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[user.email], '[Down] api.example.com — 503 Service Unavailable'],
      [[user.email], '[Recovered] api.example.com — back up after 12 min'],
    ]);
    const [downMail, upMail] = sink.mails;
    const incidentLink = `http://localhost:3000/dashboard/incidents/${incidentId}`;
    expect(downMail?.text).toContain('api.example.com is down.');
    expect(downMail?.text).toContain('Reason:     503 Service Unavailable');
    expect(downMail?.text).toContain(`View the incident: ${incidentLink}`);
    expect(downMail?.text).toContain(
      'Change where Upwatch sends alerts: http://localhost:3000/dashboard/settings/notifications',
    );
    expect(downMail?.html).toContain(`<a href="${incidentLink}"`);
    expect(downMail?.html).toContain('<h1');
    expect(downMail?.html).toContain('503 Service Unavailable');
    expect(upMail?.text).toContain('api.example.com is back up.');
    expect(upMail?.text).toContain('Downtime:     12 min');
    expect(upMail?.html).toContain('#16a34a');

    const { deliveries } = await (await t.send(user, 'GET', '/alert-deliveries')).json();
    expect(deliveries.map((d: { status: string; kind: string }) => [d.kind, d.status])).toEqual([
      ['monitor.up', 'sent'],
      ['monitor.down', 'sent'],
    ]);
    expect((await (await t.send(user, 'GET', '/outbox')).json()).mails).toEqual([]);
  });

  it("sends 'Send test alert' for the account email through the same SMTP transport", async () => {
    sink = await startSmtpSink();
    t = await createAlertApp({ smtpUrl: sink.url });
    const user = await t.user();
    const result = await (await t.send(user, 'POST', '/alert-channels/account-email/test')).json();
    expect(result).toEqual({ ok: true, error: null });
    expect(sink.mails[0]?.subject).toBe('[Test: Down] Example monitor — 503 Service Unavailable');
    expect(sink.mails[0]?.text).toContain('This is a test alert: nothing is down.');
  });

  it("writes a heartbeat's times in the recipient's time zone, from their profile", async () => {
    sink = await startSmtpSink();
    t = await createAlertApp({ smtpUrl: sink.url });
    const user = await t.user();
    await t.db
      .updateTable('user')
      .set({ timezone: 'Europe/Berlin' })
      .where('email', '=', user.email)
      .execute();
    const monitor = await (
      await t.send(user, 'POST', '/monitors', { name: 'Nightly backup', url: 'https://backup.example.com/' })
    ).json();
    const lastPing = Date.UTC(2026, 11, 1, 19, 21, 9, 83);
    const event: AlertEvent = {
      kind: 'monitor.down',
      at: Date.UTC(2026, 11, 1, 19, 30),
      monitor: { id: monitor.id, name: 'Nightly backup', url: 'every 5 min' },
      incident: null,
      failure: {
        statusCode: null,
        code: 'heartbeat_missed',
        message: `No ping since ${new Date(lastPing).toISOString()}, expected by ${new Date(lastPing + 300_000).toISOString()} (grace 2 min).`,
      },
      downtimeMs: null,
    };
    await t.db
      .transaction()
      .execute((tx) => enqueueAlert(tx, { workspaceId: user.id, incidentId: null, event, now: START }));
    await t.deliver();
    const [mail] = sink.mails;
    expect(mail?.subject).toBe(
      '[Down] Nightly backup — No ping since Dec 1, 2026, 8:21:09 PM GMT+1, expected by Dec 1, 2026, 8:26:09 PM GMT+1 (grace 2 min)',
    );
    expect(mail?.text).toContain('Dec 1, 2026, 8:30:00 PM GMT+1');
    expect(mail?.text).not.toContain('2026-12-01T');
  });
});
