import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentStats } from '../../core/api/incidents.ts';
import { type IncidentApi, incidentApi } from '../test/incident-api.ts';
import { automaticIncidentRow } from '../test/incident-rows.ts';
import { incidentFigures } from './stats.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('incidentFigures', () => {
  it('is null for MTTR and MTBF without incidents', () => {
    expect(incidentFigures([], 0, 30 * DAY)).toEqual({
      downtimeMs: 0,
      incidentCount: 0,
      mttrMs: null,
      mtbfMs: null,
    });
  });

  it('clips outages to the window and counts an open one up to its end', () => {
    const figures = incidentFigures(
      [
        { startedAt: -HOUR, resolvedAt: HOUR }, // half inside
        { startedAt: 5 * DAY, resolvedAt: 5 * DAY + 2 * HOUR },
        { startedAt: 10 * DAY - HOUR, resolvedAt: null }, // open
        { startedAt: -2 * HOUR, resolvedAt: 0 }, // ended as the window began
        { startedAt: 10 * DAY + MINUTE, resolvedAt: null }, // after the window
      ],
      0,
      10 * DAY,
    );
    expect(figures).toEqual({
      downtimeMs: 4 * HOUR,
      incidentCount: 3,
      mttrMs: (4 * HOUR) / 3,
      mtbfMs: Math.round((10 * DAY - 4 * HOUR) / 3),
    });
  });
});

describe('GET /monitors/{id}/incident-stats', () => {
  let api: IncidentApi;
  beforeEach(async () => {
    api = await incidentApi();
  });
  afterEach(async () => {
    await api.t.close();
  });

  async function stats(user: Parameters<IncidentApi['send']>[0], monitorId: string, days?: number) {
    const query = days === undefined ? '' : `?days=${days}`;
    return api.expectJson<IncidentStats>(
      await api.send(user, 'GET', `/monitors/${monitorId}/incident-stats${query}`),
      200,
    );
  }

  it('gives a free user downtime, count, MTTR and MTBF over 30 and 90 days', async () => {
    const user = await api.user('free');
    const other = await api.user('free');
    const shop = await api.monitor(user, 'Shop');
    const blog = await api.monitor(user, 'Blog');
    const theirs = await api.monitor(other, 'Shop');
    api.clock.advance(100 * DAY);
    const now = api.clock.now();
    const resolved = (startedAt: number, ms: number) => ({
      status: 'resolved' as const,
      resolved_at: startedAt + ms,
    });
    await api.automatic(user, shop.id, now - 40 * DAY, resolved(now - 40 * DAY, HOUR));
    await api.automatic(
      user,
      shop.id,
      now - 30 * DAY - 30 * MINUTE,
      resolved(now - 30 * DAY - 30 * MINUTE, HOUR),
    );
    await api.automatic(user, shop.id, now - 10 * DAY, resolved(now - 10 * DAY, 2 * HOUR));
    await api.automatic(user, shop.id, now - 15 * MINUTE);
    // Not this monitor's outages: another monitor's, another user's, and a manual incident.
    await api.automatic(user, blog.id, now - DAY, resolved(now - DAY, 5 * HOUR));
    await api.automatic(other, theirs.id, now - DAY, resolved(now - DAY, 5 * HOUR));
    const manual = automaticIncidentRow(user.id, shop.id, now - DAY, {
      source: 'manual',
      primary_monitor_id: null,
    });
    await api.t.database.db.insertInto('incidents').values(manual).execute();
    await api.t.database.db
      .insertInto('incident_monitors')
      .values({ incident_id: manual.id, monitor_id: shop.id })
      .execute();

    expect(await stats(user, shop.id)).toEqual({
      days: 30,
      windowStart: now - 30 * DAY,
      windowEnd: now,
      downtimeMs: 165 * MINUTE,
      incidentCount: 3,
      mttrMs: 55 * MINUTE,
      mtbfMs: Math.round((30 * DAY - 165 * MINUTE) / 3),
    });
    expect(await stats(user, shop.id, 90)).toEqual({
      days: 90,
      windowStart: now - 90 * DAY,
      windowEnd: now,
      downtimeMs: 255 * MINUTE,
      incidentCount: 4,
      mttrMs: 63.75 * MINUTE,
      mtbfMs: (90 * DAY - 255 * MINUTE) / 4,
    });
  });

  it('starts the window when the monitor was created', async () => {
    const user = await api.user();
    const created = api.clock.now();
    const shop = await api.monitor(user);
    expect(await stats(user, shop.id)).toMatchObject({
      windowStart: created,
      incidentCount: 0,
      mttrMs: null,
      mtbfMs: null,
    });
    api.clock.advance(5 * DAY);
    await api.automatic(user, shop.id, created + DAY, {
      status: 'resolved',
      resolved_at: created + DAY + HOUR,
    });
    expect(await stats(user, shop.id, 30)).toMatchObject({
      windowStart: created,
      downtimeMs: HOUR,
      mtbfMs: 5 * DAY - HOUR,
    });
  });

  it('accepts only 30 or 90 days', async () => {
    const user = await api.user();
    const shop = await api.monitor(user);
    const response = await api.send(user, 'GET', `/monitors/${shop.id}/incident-stats?days=7`);
    expect((await api.expectJson<{ error: { code: string } }>(response, 400)).error.code).toBe(
      'validation_failed',
    );
  });

  it('answers monitor_not_found for another user’s monitor', async () => {
    const owner = await api.user();
    const other = await api.user();
    const shop = await api.monitor(owner);
    const response = await api.send(other, 'GET', `/monitors/${shop.id}/incident-stats`);
    expect((await api.expectJson<{ error: { code: string } }>(response, 404)).error.code).toBe(
      'monitor_not_found',
    );
  });
});
