import { createHmac, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from './enqueue.ts';
import { type AlertApp, createAlertApp, START } from './test/alert-app.ts';
import { startReceiver } from './test/receiver.ts';

let t: AlertApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0)) await step();
  await t?.close();
});

/** An open automatic incident for a new monitor of the user, and its Down event. */
async function outage(workspaceId: string, cookieUser: Parameters<AlertApp['send']>[0]) {
  const created = await t.send(cookieUser, 'POST', '/monitors', {
    name: 'api.example.com',
    url: 'https://api.example.com/health',
  });
  const monitor = (await created.json()) as { id: string };
  const incidentId = uuidv7();
  await t.db
    .insertInto('incidents')
    .values({
      id: incidentId,
      workspace_id: workspaceId,
      title: 'api.example.com is down',
      status: 'investigating',
      severity: 'major',
      source: 'automatic',
      primary_monitor_id: monitor.id,
      started_at: START,
      acknowledged_at: null,
      resolved_at: null,
      flapping_since: null,
      down_alerted: 1,
      recovery_alerted: 0,
      root_cause: null,
      summary: null,
      follow_ups: null,
      created_at: START,
      updated_at: START,
    })
    .execute();
  const event: AlertEvent = {
    kind: 'monitor.down',
    at: START,
    monitor: { id: monitor.id, name: 'api.example.com', url: 'https://api.example.com/health' },
    incident: { id: incidentId, title: 'api.example.com is down', startedAt: START },
    failure: { statusCode: 503, code: null, message: null },
    downtimeMs: null,
  };
  return { monitor, incidentId, event };
}

async function enqueue(workspaceId: string, incidentId: string, event: AlertEvent) {
  await t.db
    .transaction()
    .execute((tx) => enqueueAlert(tx, { workspaceId, incidentId, event, now: t.clock.now() }));
}

function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const timestamp = String(headers['x-upwatch-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const given = String(headers['x-upwatch-signature']);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

describe('webhook deliveries', () => {
  it('delivers a signed payload that verifies with the documented scheme, and says so on the timeline', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const r = await startReceiver();
    cleanups.push(r.close);
    const hook = await (
      await t.send(user, 'POST', '/alert-channels', {
        kind: 'webhook',
        name: 'Pager',
        config: { url: `${r.url}/in` },
      })
    ).json();
    const { monitor, incidentId, event } = await outage(user.id, user);
    await t.send(user, 'PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: [hook.id] });
    await enqueue(user.id, incidentId, event);
    await t.deliver();

    expect(r.requests).toHaveLength(1);
    const request = r.requests[0];
    if (!request) throw new Error('no request');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-upwatch-timestamp']).toBe(String(START / 1000));
    expect(verify(hook.secret, request.headers, request.body)).toBe(true);
    expect(verify('another-secret-entirely', request.headers, request.body)).toBe(false);
    expect(verify(hook.secret, request.headers, `${request.body} `)).toBe(false);
    expect(JSON.parse(request.body)).toEqual({
      type: 'monitor.down',
      test: false,
      at: START,
      summary: '[Down] api.example.com — 503 Service Unavailable',
      monitor: { ...event.monitor, link: `http://localhost:3000/dashboard/monitors/${monitor.id}` },
      incident: { ...event.incident, link: `http://localhost:3000/dashboard/incidents/${incidentId}` },
      // The signed one-click acknowledgement (escalation/ack-routes.ts).
      acknowledgeUrl: expect.stringMatching(/^http:\/\/localhost:3000\/ack\/[\w-]+\.[\w-]+$/),
      failure: event.failure,
      downtimeMs: null,
    });

    const timeline = await t.db
      .selectFrom('incident_events')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .execute();
    expect(timeline.map((e) => [e.kind, e.message])).toEqual([
      ['alert_sent', 'Down alert sent to Webhook “Pager”.'],
    ]);
    const { deliveries } = await (await t.send(user, 'GET', '/alert-deliveries')).json();
    expect(deliveries[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: START,
      channel: { kind: 'webhook', name: 'Pager' },
    });
  });

  it('retries a failing receiver 30 s, 2 min, 10 min and 30 min after the first attempt, then gives up', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const r = await startReceiver(() => 500);
    cleanups.push(r.close);
    const hook = await (
      await t.send(user, 'POST', '/alert-channels', {
        kind: 'webhook',
        name: 'Pager',
        config: { url: `${r.url}/in` },
      })
    ).json();
    const { monitor, incidentId, event } = await outage(user.id, user);
    await t.send(user, 'PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: [hook.id] });
    await enqueue(user.id, incidentId, event);

    const log = async () => (await (await t.send(user, 'GET', '/alert-deliveries')).json()).deliveries[0];
    const offsets = [0, 30, 120, 600, 1800];
    for (const [index, offset] of offsets.entries()) {
      t.clock.advance(START + offset * 1000 - 1 - t.clock.now());
      await t.deliver();
      expect(r.requests, `nothing before ${offset} s`).toHaveLength(index);
      t.clock.advance(1);
      await t.deliver();
      expect(r.requests).toHaveLength(index + 1);
      const entry = await log();
      expect(entry).toMatchObject({
        attempts: index + 1,
        status: index < 4 ? 'pending' : 'failed',
        lastError: 'The receiver answered HTTP 500: receiver is broken',
        nextAttemptAt: index < 4 ? START + (offsets[index + 1] ?? 0) * 1000 : null,
      });
    }
    expect(r.requests.map((req) => Number(req.headers['x-upwatch-timestamp']) - START / 1000)).toEqual(
      offsets,
    );
    expect(new Set(r.requests.map((req) => req.headers['x-upwatch-delivery'])).size).toBe(1);

    t.clock.advance(24 * 3600_000);
    await t.deliver();
    expect(r.requests).toHaveLength(5);
    const timeline = await t.db
      .selectFrom('incident_events')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .execute();
    expect(timeline.map((e) => [e.kind, e.message])).toEqual([
      [
        'alert_failed',
        'Down alert to Webhook “Pager” failed after 5 attempts: The receiver answered HTTP 500: receiver is broken',
      ],
    ]);
  });

  it('keeps a claimed delivery from a second worker until its lease lapses', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const { incidentId, event } = await outage(user.id, user);
    await enqueue(user.id, incidentId, event);
    const { claimDueDeliveries } = await import('./claim-deliveries.ts');
    const first = await claimDueDeliveries(t.db, t.database.dialect, {
      now: START,
      limit: 10,
      leaseMs: 60_000,
    });
    const second = await claimDueDeliveries(t.db, t.database.dialect, {
      now: START + 1000,
      limit: 10,
      leaseMs: 60_000,
    });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(0);
    const later = await claimDueDeliveries(t.db, t.database.dialect, {
      now: START + 60_000,
      limit: 10,
      leaseMs: 60_000,
    });
    expect(later).toHaveLength(1);
  });
});

describe('Slack and Discord deliveries', () => {
  it('posts Slack blocks and a Discord embed to their webhooks', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const r = await startReceiver(() => 204);
    cleanups.push(r.close);
    const ids: string[] = [];
    for (const kind of ['slack', 'discord']) {
      const channel = await (
        await t.send(user, 'POST', '/alert-channels', {
          kind,
          name: kind,
          config: { url: `${r.url}/${kind}` },
        })
      ).json();
      ids.push(channel.id);
    }
    const { monitor, incidentId, event } = await outage(user.id, user);
    await t.send(user, 'PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: ids });
    await enqueue(user.id, incidentId, event);
    await t.deliver();

    const byPath = Object.fromEntries(r.requests.map((req) => [req.path, JSON.parse(req.body)]));
    expect(byPath['/slack'].text).toBe(':red_circle: [Down] api.example.com — 503 Service Unavailable');
    expect(byPath['/slack'].blocks[0]).toEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `:red_circle: *<http://localhost:3000/dashboard/incidents/${incidentId}|api.example.com is down.>*\nReason: 503 Service Unavailable.`,
      },
    });
    expect(byPath['/discord']).toMatchObject({
      username: 'Upwatch',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: '[Down] api.example.com — 503 Service Unavailable',
          url: `http://localhost:3000/dashboard/incidents/${incidentId}`,
          color: 0xdc2626,
          timestamp: new Date(START).toISOString(),
        },
      ],
    });
  });
});
