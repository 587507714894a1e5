import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident, IncidentEvent } from '../../core/api/incidents.ts';
import type { TestUser } from '../test/factories.ts';
import { type IncidentApi, incidentApi, START } from '../test/incident-api.ts';

const MINUTE = 60_000;
type ErrorBody = { error: { code: string; message: string } };
let api: IncidentApi;
beforeEach(async () => {
  api = await incidentApi();
});
afterEach(async () => {
  await api.t.close();
});

async function timeline(user: TestUser, id: string): Promise<IncidentEvent[]> {
  return (
    await api.expectJson<{ events: IncidentEvent[] }>(
      await api.send(user, 'GET', `/incidents/${id}/timeline`),
      200,
    )
  ).events;
}

async function createIncident(user: TestUser, body: Record<string, unknown> = {}): Promise<Incident> {
  return api.expectJson(await api.send(user, 'POST', '/incidents', { title: 'Checkout slow', ...body }), 201);
}

async function errorCode(response: Response, status: number): Promise<string> {
  return (await api.expectJson<ErrorBody>(response, status)).error.code;
}

describe('manual incidents', () => {
  it('opens one with its monitors, a first update and its creator on the timeline', async () => {
    const user = await api.user('starter');
    const shop = await api.monitor(user, 'Shop');
    const incident = await createIncident(user, {
      severity: 'critical',
      monitorIds: [shop.id, shop.id],
      update: 'We are looking into slow checkouts.',
    });
    expect(incident).toMatchObject({
      title: 'Checkout slow',
      status: 'investigating',
      severity: 'critical',
      source: 'manual',
      startedAt: START,
      acknowledgedAt: START,
      primaryMonitor: null,
      relatedMonitorCount: 1,
      monitors: [{ id: shop.id, primary: false }],
      latestUpdate: {
        status: 'investigating',
        message: 'We are looking into slow checkouts.',
        author: { id: user.id, name: user.name },
      },
    });
    expect((await timeline(user, incident.id)).map((event) => [event.kind, event.actor?.id])).toEqual([
      ['detected', user.id],
      ['update_posted', user.id],
    ]);
  });

  it('validates the title, severity and monitors', async () => {
    const user = await api.user('starter');
    const other = await api.user('starter');
    const theirs = await api.monitor(other);
    const post = (body: unknown) => api.send(user, 'POST', '/incidents', body);
    expect(await errorCode(await post({ title: '' }), 422)).toBe('validation_failed');
    expect(await errorCode(await post({ title: 'x'.repeat(201) }), 422)).toBe('validation_failed');
    expect(await errorCode(await post({ title: 'Down', severity: 'apocalyptic' }), 422)).toBe(
      'validation_failed',
    );
    expect(await errorCode(await post({ title: 'Down', status: 'resolved' }), 422)).toBe('validation_failed');
    expect(await errorCode(await post({ title: 'Down', monitorIds: [theirs.id] }), 404)).toBe(
      'monitor_not_found',
    );
    await createIncident(user, { title: 'x'.repeat(200) });
  });
});

describe('gating', () => {
  it('refuses creating and working incidents to a free user with feature_not_in_plan', async () => {
    const user = await api.user('free');
    const shop = await api.monitor(user);
    const { id } = await api.automatic(user, shop.id);
    const calls: [string, string, unknown?][] = [
      ['POST', '/incidents', { title: 'Down' }],
      ['POST', `/incidents/${id}/acknowledge`],
      ['PATCH', `/incidents/${id}`, { status: 'identified' }],
      ['POST', `/incidents/${id}/updates`, { message: 'Looking' }],
      ['PUT', `/incidents/${id}/monitors`, { monitorIds: [shop.id] }],
      ['PUT', `/incidents/${id}/resolution`, { rootCause: 'DNS' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.send(user, method, path, body);
      const error = (await api.expectJson<ErrorBody>(response, 403)).error;
      expect(error.code, `${method} ${path}`).toBe('feature_not_in_plan');
      expect(error.message).toContain('Starter');
    }
    expect((await timeline(user, id)).map((event) => event.kind)).toEqual(['detected']);
  });
});

describe('working an incident', () => {
  it('acknowledges once and refuses to acknowledge a resolved incident', async () => {
    const user = await api.user('starter');
    const { id } = await api.automatic(user, (await api.monitor(user)).id, START - MINUTE);
    api.clock.advance(MINUTE);
    const first = await api.expectJson<Incident>(
      await api.send(user, 'POST', `/incidents/${id}/acknowledge`),
      200,
    );
    expect(first.acknowledgedAt).toBe(START + MINUTE);
    api.clock.advance(MINUTE);
    const again = await api.expectJson<Incident>(
      await api.send(user, 'POST', `/incidents/${id}/acknowledge`),
      200,
    );
    expect(again.acknowledgedAt).toBe(START + MINUTE);
    const kinds = (await timeline(user, id)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'acknowledged')).toHaveLength(1);
    await api.send(user, 'PATCH', `/incidents/${id}`, { status: 'resolved' });
    const late = await api.send(user, 'POST', `/incidents/${id}/acknowledge`);
    expect(await errorCode(late, 409)).toBe('incident_resolved');
  });

  it('changes status, severity and title, each on the timeline with its actor', async () => {
    const user = await api.user('starter');
    const incident = await createIncident(user);
    api.clock.advance(MINUTE);
    const changed = await api.expectJson<Incident>(
      await api.send(user, 'PATCH', `/incidents/${incident.id}`, {
        status: 'identified',
        severity: 'minor',
        title: 'Checkout slow in EU',
      }),
      200,
    );
    expect(changed).toMatchObject({ status: 'identified', severity: 'minor', title: 'Checkout slow in EU' });
    const events = (await timeline(user, incident.id)).slice(1);
    expect(events.map((event) => [event.kind, event.message, event.actor?.name])).toEqual([
      ['title_changed', 'Title changed from “Checkout slow” to “Checkout slow in EU”.', user.name],
      ['severity_changed', 'Severity changed from Major to Minor.', user.name],
      ['status_changed', 'Status changed from Investigating to Identified.', user.name],
    ]);
  });

  it('rejects an unknown status and an empty title', async () => {
    const user = await api.user('starter');
    const incident = await createIncident(user);
    const patch = (body: unknown) => api.send(user, 'PATCH', `/incidents/${incident.id}`, body);
    expect(await errorCode(await patch({ status: 'closed' }), 422)).toBe('validation_failed');
    expect(await errorCode(await patch({ title: '   ' }), 422)).toBe('validation_failed');
  });

  it('resolves an automatic incident by hand so no later Recovered alert repeats it', async () => {
    const user = await api.user('starter');
    const { id } = await api.automatic(user, (await api.monitor(user)).id, START - 10 * MINUTE);
    const resolved = await api.expectJson<Incident>(
      await api.send(user, 'PATCH', `/incidents/${id}`, { status: 'resolved' }),
      200,
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: START, durationMs: 10 * MINUTE });
    const row = await api.t.database.db
      .selectFrom('incidents')
      .select('recovery_alerted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.recovery_alerted).toBe(1);
    const last = (await timeline(user, id)).at(-1);
    expect(last).toMatchObject({
      kind: 'status_changed',
      message: 'Status changed from Investigating to Resolved.',
    });
  });

  it('reopens a resolved incident, unless its monitor has another open automatic incident', async () => {
    const user = await api.user('starter');
    const shop = await api.monitor(user);
    const old = await api.automatic(user, shop.id, START - 60 * MINUTE, {
      status: 'resolved',
      resolved_at: START - 50 * MINUTE,
    });
    await api.automatic(user, shop.id, START - 5 * MINUTE);
    const refused = await api.send(user, 'PATCH', `/incidents/${old.id}`, { status: 'investigating' });
    expect(await errorCode(refused, 409)).toBe('incident_already_open');
    const manual = await createIncident(user);
    await api.send(user, 'PATCH', `/incidents/${manual.id}`, { status: 'resolved' });
    const reopened = await api.expectJson<Incident>(
      await api.send(user, 'PATCH', `/incidents/${manual.id}`, { status: 'monitoring' }),
      200,
    );
    expect(reopened).toMatchObject({ status: 'monitoring', resolvedAt: null });
  });

  it('posts public updates, changing the status when the update announces another', async () => {
    const user = await api.user('starter');
    const incident = await createIncident(user);
    api.clock.advance(MINUTE);
    const post = (body: unknown) => api.send(user, 'POST', `/incidents/${incident.id}/updates`, body);
    const first = await api.expectJson<Incident>(await post({ message: 'Still looking.' }), 201);
    expect(first).toMatchObject({ status: 'investigating', latestUpdate: { message: 'Still looking.' } });
    api.clock.advance(MINUTE);
    const fixed = await api.expectJson<Incident>(await post({ message: 'Fixed.', status: 'resolved' }), 201);
    expect(fixed).toMatchObject({
      status: 'resolved',
      resolvedAt: START + 2 * MINUTE,
      latestUpdate: { status: 'resolved', message: 'Fixed.', createdAt: START + 2 * MINUTE },
    });
    expect((await timeline(user, incident.id)).map((event) => event.kind)).toEqual([
      'detected',
      'update_posted',
      'status_changed',
      'update_posted',
    ]);
    expect(await errorCode(await post({ message: '' }), 422)).toBe('validation_failed');
    expect(await errorCode(await post({ message: 'x', status: 'fixed' }), 422)).toBe('validation_failed');
  });
});

describe('related monitors and resolution', () => {
  it('adds and removes monitors, keeping an automatic incident’s own monitor', async () => {
    const user = await api.user('starter');
    const shop = await api.monitor(user, 'Shop');
    const blog = await api.monitor(user, 'Blog');
    const api2 = await api.monitor(user, 'API');
    const { id } = await api.automatic(user, shop.id);
    const put = (monitorIds: string[]) => api.send(user, 'PUT', `/incidents/${id}/monitors`, { monitorIds });
    const added = await api.expectJson<Incident>(await put([shop.id, blog.id, api2.id]), 200);
    expect(added.monitors.map((monitor) => [monitor.name, monitor.primary])).toEqual([
      ['API', false],
      ['Blog', false],
      ['Shop', true],
    ]);
    expect(added.relatedMonitorCount).toBe(3);
    const removed = await api.expectJson<Incident>(await put([shop.id, api2.id]), 200);
    expect(removed.monitors.map((monitor) => monitor.name)).toEqual(['API', 'Shop']);
    const messages = (await timeline(user, id)).filter((event) => event.kind === 'monitors_changed');
    expect(messages.map((event) => event.message)).toEqual(['Added API, Blog.', 'Removed Blog.']);
    expect(await errorCode(await put([blog.id]), 400)).toBe('primary_monitor_required');
  });

  it('refuses another user’s monitor', async () => {
    const user = await api.user('starter');
    const other = await api.user('starter');
    const incident = await createIncident(user);
    const theirs = await api.monitor(other);
    const response = await api.send(user, 'PUT', `/incidents/${incident.id}/monitors`, {
      monitorIds: [theirs.id],
    });
    expect(await errorCode(response, 404)).toBe('monitor_not_found');
  });

  it('writes the root cause, summary and follow-ups', async () => {
    const user = await api.user('starter');
    const incident = await createIncident(user);
    const resolution = {
      rootCause: 'A full disk.',
      summary: 'Checkout failed for 12 minutes.',
      followUps: ['Alert on disk'],
    };
    const saved = await api.expectJson<Incident>(
      await api.send(user, 'PUT', `/incidents/${incident.id}/resolution`, resolution),
      200,
    );
    expect(saved.resolution).toEqual(resolution);
    expect((await timeline(user, incident.id)).at(-1)).toMatchObject({
      kind: 'resolution_updated',
      actor: { id: user.id },
    });
    const tooLong = await api.send(user, 'PUT', `/incidents/${incident.id}/resolution`, {
      rootCause: 'x'.repeat(10_001),
    });
    expect(await errorCode(tooLong, 422)).toBe('validation_failed');
  });
});

describe('tenant isolation of the management routes', () => {
  it('answers incident_not_found to another user on every route and changes nothing', async () => {
    const owner = await api.user('starter');
    const other = await api.user('pro');
    const otherMonitor = await api.monitor(other);
    const incident = await createIncident(owner);
    const id = incident.id;
    const calls: [string, string, unknown?][] = [
      ['POST', `/incidents/${id}/acknowledge`],
      ['PATCH', `/incidents/${id}`, { status: 'resolved' }],
      ['POST', `/incidents/${id}/updates`, { message: 'Mine now' }],
      ['PUT', `/incidents/${id}/monitors`, { monitorIds: [otherMonitor.id] }],
      ['PUT', `/incidents/${id}/resolution`, { rootCause: 'Me' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.send(other, method, path, body);
      expect(await errorCode(response, 404), `${method} ${path}`).toBe('incident_not_found');
    }
    const after = await api.expectJson<Incident>(await api.send(owner, 'GET', `/incidents/${id}`), 200);
    expect(after).toEqual(incident);
  });
});
