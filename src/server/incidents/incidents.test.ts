import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident, IncidentList } from '../../core/api/incidents.ts';
import { type IncidentApi, incidentApi, START } from '../test/incident-api.ts';
import { automaticIncidentRow } from '../test/incident-rows.ts';

const MINUTE = 60_000;
let api: IncidentApi;
beforeEach(async () => {
  api = await incidentApi();
});
afterEach(async () => {
  await api.t.close();
});

describe('the incident list', () => {
  it('lists a free user’s automatic incidents, newest first, with their figures', async () => {
    const user = await api.user('free');
    const shop = await api.monitor(user, 'Shop');
    const older = await api.automatic(user, shop.id, START - 60 * MINUTE, {
      resolved_at: START - 50 * MINUTE,
      status: 'resolved',
      flapping_since: START - 55 * MINUTE,
    });
    const open = await api.automatic(user, shop.id, START - 5 * MINUTE);
    const page = await api.expectJson<IncidentList>(await api.send(user, 'GET', '/incidents'), 200);
    expect(page.incidents.map((incident) => incident.id)).toEqual([open.id, older.id]);
    expect(page.incidents[0]).toEqual({
      id: open.id,
      title: 'Shop is down',
      status: 'investigating',
      severity: 'major',
      source: 'automatic',
      flapping: false,
      startedAt: START - 5 * MINUTE,
      acknowledgedAt: null,
      resolvedAt: null,
      durationMs: 5 * MINUTE,
      primaryMonitor: { id: shop.id, name: 'Shop' },
      relatedMonitorCount: 1,
    });
    expect(page.incidents[1]).toMatchObject({ flapping: true, durationMs: 10 * MINUTE, status: 'resolved' });
    expect(page.nextCursor).toBeNull();
  });

  it('filters by state, monitor, severity and time range', async () => {
    const user = await api.user();
    const shop = await api.monitor(user, 'Shop');
    const blog = await api.monitor(user, 'Blog');
    const resolved = await api.automatic(user, shop.id, START - 120 * MINUTE, {
      resolved_at: START - 100 * MINUTE,
      status: 'resolved',
      severity: 'minor',
    });
    const open = await api.automatic(user, blog.id, START - 30 * MINUTE, { severity: 'critical' });
    const ids = async (query: string) =>
      (
        await api.expectJson<IncidentList>(await api.send(user, 'GET', `/incidents?${query}`), 200)
      ).incidents.map((incident) => incident.id);
    expect(await ids('state=open')).toEqual([open.id]);
    expect(await ids('state=resolved')).toEqual([resolved.id]);
    expect(await ids(`monitorId=${shop.id}`)).toEqual([resolved.id]);
    expect(await ids('severity=critical')).toEqual([open.id]);
    // Overlap: the resolved one ended before `from`; the open one is still going.
    expect(await ids(`from=${START - 90 * MINUTE}`)).toEqual([open.id]);
    expect(await ids(`to=${START - 60 * MINUTE}`)).toEqual([resolved.id]);
    expect(await ids(`from=${START - 110 * MINUTE}&to=${START - 105 * MINUTE}`)).toEqual([resolved.id]);
  });

  it('pages with a cursor and refuses a cursor it did not issue', async () => {
    const user = await api.user();
    const shop = await api.monitor(user);
    const rows = [];
    for (let i = 0; i < 5; i++) {
      rows.push(
        await api.automatic(user, shop.id, START - (i + 1) * 10 * MINUTE, {
          resolved_at: START - i * 10 * MINUTE - MINUTE,
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: IncidentList = await api.expectJson(
        await api.send(user, 'GET', `/incidents?limit=2${query}`),
        200,
      );
      seen.push(...page.incidents.map((incident) => incident.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((row) => row.id));
    const bad = await api.send(user, 'GET', '/incidents?cursor=nonsense');
    expect((await api.expectJson<{ error: { code: string } }>(bad, 400)).error.code).toBe('invalid_cursor');
  });

  it('rejects an unknown severity or state with validation_failed', async () => {
    const user = await api.user();
    for (const query of ['severity=huge', 'state=closed', 'limit=0']) {
      const response = await api.send(user, 'GET', `/incidents?${query}`);
      expect((await api.expectJson<{ error: { code: string } }>(response, 400)).error.code).toBe(
        'validation_failed',
      );
    }
  });

  it('never shows another user’s incidents, even filtered by their monitor', async () => {
    const owner = await api.user();
    const other = await api.user('pro');
    const shop = await api.monitor(owner);
    await api.automatic(owner, shop.id);
    const page = await api.expectJson<IncidentList>(
      await api.send(other, 'GET', `/incidents?monitorId=${shop.id}`),
      200,
    );
    expect(page.incidents).toEqual([]);
  });

  it('asks for a session', async () => {
    const response = await api.t.request('/api/v1/incidents');
    expect(response.status).toBe(401);
  });
});

describe('an incident’s detail and timeline', () => {
  it('shows the affected monitors, no update yet and an empty resolution', async () => {
    const user = await api.user();
    const shop = await api.monitor(user, 'Shop');
    const incident = await api.automatic(user, shop.id, START - 10 * MINUTE);
    const detail = await api.expectJson<Incident>(
      await api.send(user, 'GET', `/incidents/${incident.id}`),
      200,
    );
    expect(detail).toMatchObject({
      id: incident.id,
      durationMs: 10 * MINUTE,
      flappingSince: null,
      monitors: [
        { id: shop.id, name: 'Shop', url: 'https://shop.example.com', status: 'pending', primary: true },
      ],
      latestUpdate: null,
      resolution: { rootCause: null, summary: null, followUps: [] },
    });
  });

  it('gives a free user the timeline, oldest first, with no actor for what Upwatch did', async () => {
    const user = await api.user('free');
    const shop = await api.monitor(user);
    const incident = await api.automatic(user, shop.id, START - MINUTE);
    const timeline = await api.expectJson<{ events: unknown[] }>(
      await api.send(user, 'GET', `/incidents/${incident.id}/timeline`),
      200,
    );
    expect(timeline.events).toEqual([
      expect.objectContaining({
        kind: 'detected',
        at: START - MINUTE,
        message: 'Check failed: HTTP 503',
        actor: null,
      }),
    ]);
  });

  it('answers incident_not_found for another user’s incident and an unknown id', async () => {
    const owner = await api.user();
    const other = await api.user('pro');
    const incident = await api.automatic(owner, (await api.monitor(owner)).id);
    for (const path of [
      `/incidents/${incident.id}`,
      `/incidents/${incident.id}/timeline`,
      '/incidents/nope',
    ]) {
      const response = await api.send(other, 'GET', path);
      expect((await api.expectJson<{ error: { code: string } }>(response, 404)).error.code).toBe(
        'incident_not_found',
      );
    }
  });
});

describe('a monitor’s incidents', () => {
  it('lists them for a Starter user', async () => {
    const user = await api.user('starter');
    const shop = await api.monitor(user, 'Shop');
    const blog = await api.monitor(user, 'Blog');
    const mine = await api.automatic(user, shop.id);
    await api.automatic(user, blog.id);
    const page = await api.expectJson<IncidentList>(
      await api.send(user, 'GET', `/monitors/${shop.id}/incidents`),
      200,
    );
    expect(page.incidents.map((incident) => incident.id)).toEqual([mine.id]);
  });

  it('needs incident management: a free user gets feature_not_in_plan naming Starter', async () => {
    const user = await api.user('free');
    const shop = await api.monitor(user);
    const response = await api.send(user, 'GET', `/monitors/${shop.id}/incidents`);
    const body = await api.expectJson<{ error: { code: string; message: string } }>(response, 403);
    expect(body.error.code).toBe('feature_not_in_plan');
    expect(body.error.message).toContain('Starter');
  });

  it('answers monitor_not_found for another user’s monitor', async () => {
    const owner = await api.user();
    const other = await api.user('starter');
    const shop = await api.monitor(owner);
    const response = await api.send(other, 'GET', `/monitors/${shop.id}/incidents`);
    expect((await api.expectJson<{ error: { code: string } }>(response, 404)).error.code).toBe(
      'monitor_not_found',
    );
  });
});

describe('one open automatic incident per monitor', () => {
  it('is the database’s rule: a second open one inserted with raw SQL fails', async () => {
    const user = await api.user();
    const shop = await api.monitor(user);
    await api.automatic(user, shop.id);
    const second = automaticIncidentRow(user.id, shop.id, START + MINUTE);
    const db = api.t.database.db;
    await expect(
      sql`insert into incidents (id, workspace_id, title, status, severity, source, primary_monitor_id,
            started_at, down_alerted, recovery_alerted, created_at, updated_at)
          values (${second.id}, ${user.id}, 'Again', 'investigating', 'major', 'automatic', ${shop.id},
            ${second.started_at}, 1, 0, ${second.started_at}, ${second.started_at})`.execute(db),
    ).rejects.toThrow(/unique|duplicate key/i);
    // A resolved one for the same monitor is fine.
    await expect(
      sql`insert into incidents (id, workspace_id, title, status, severity, source, primary_monitor_id,
            started_at, resolved_at, down_alerted, recovery_alerted, created_at, updated_at)
          values (${second.id}, ${user.id}, 'Before', 'resolved', 'major', 'automatic', ${shop.id},
            ${START - 9 * MINUTE}, ${START - 8 * MINUTE}, 1, 1, ${START}, ${START})`.execute(db),
    ).resolves.toBeDefined();
  });
});
