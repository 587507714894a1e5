import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentStats } from '../../core/api/incidents.ts';
import { type IncidentApi, incidentApi } from '../test/incident-api.ts';
import { recordSamples, type Sample } from '../test/record-samples.ts';
import { outageFigures } from './stats.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('outageFigures', () => {
  it('is null for MTTR and MTBF without outages', () => {
    expect(outageFigures([], 0, 30 * DAY, 0)).toEqual({
      downtimeMs: 0,
      incidentCount: 0,
      mttrMs: null,
      mtbfMs: null,
    });
  });

  it('counts outages in the window; MTTR is the mean of those that ended, never of one under way', () => {
    const figures = outageFigures(
      [
        { start: -2 * HOUR, end: 0, durationMs: 2 * HOUR }, // ended as the window began
        { start: -HOUR, end: HOUR, durationMs: 2 * HOUR }, // half inside
        { start: 5 * DAY, end: 5 * DAY + 4 * HOUR, durationMs: 4 * HOUR },
        { start: 10 * DAY - HOUR, end: null, durationMs: HOUR }, // under way
      ],
      0,
      10 * DAY,
      6 * HOUR,
    );
    expect(figures).toEqual({
      downtimeMs: 6 * HOUR,
      incidentCount: 3,
      mttrMs: 3 * HOUR,
      mtbfMs: Math.round((10 * DAY - 6 * HOUR) / 3),
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

  /** Hourly checks from `from` to `to`, down in the given hours: each check stands for its hour. */
  function hourly(from: number, to: number, downHours: ReadonlySet<number>): Sample[] {
    const samples: Sample[] = [];
    for (let at = from, hour = 0; at < to; at += HOUR, hour++)
      samples.push({ checkedAt: at, status: downHours.has(hour) ? 'down' : 'up', totalMs: 90 });
    return samples;
  }

  it("gives a free user downtime, outages, MTTR and MTBF over 30 and 90 days, the uptime tab's downtime", async () => {
    const user = await api.user('free');
    const other = await api.user('free');
    const shop = await api.monitor(user, 'Shop');
    const blog = await api.monitor(user, 'Blog');
    const theirs = await api.monitor(other, 'Shop');
    api.clock.advance(100 * DAY);
    const now = api.clock.now();
    const { db, dialect } = api.t.database;
    const start = now - 100 * DAY + HOUR;
    const hoursAgo = (hours: number) => 100 * 24 - 1 - hours;
    // An hour down 40 days ago, two hours 10 days ago, and down again for the last 15 minutes.
    const samples = hourly(
      start,
      now - HOUR,
      new Set([hoursAgo(40 * 24), hoursAgo(10 * 24), hoursAgo(10 * 24 - 1)]),
    );
    samples.push({ checkedAt: now - HOUR, status: 'up', totalMs: 90 });
    samples.push({ checkedAt: now - 15 * MINUTE, status: 'down', totalMs: 0 });
    await recordSamples(db, dialect, shop.id, samples);
    // Not this monitor's outages: another monitor's and another user's.
    for (const id of [blog.id, theirs.id])
      await recordSamples(db, dialect, id, hourly(now - 2 * DAY, now, new Set([3, 4, 5, 6, 7])));

    const month = await stats(user, shop.id);
    const monthStart = Math.floor(now / DAY) * DAY - 29 * DAY;
    expect(month).toEqual({
      days: 30,
      windowStart: monthStart,
      windowEnd: now,
      downtimeMs: 2 * HOUR + 15 * MINUTE,
      incidentCount: 2,
      // The outage under way has no recovery time yet.
      mttrMs: 2 * HOUR,
      mtbfMs: Math.round((now - monthStart - 2 * HOUR - 15 * MINUTE) / 2),
    });
    const quarterStart = Math.floor(now / DAY) * DAY - 89 * DAY;
    expect(await stats(user, shop.id, 90)).toEqual({
      days: 90,
      windowStart: quarterStart,
      windowEnd: now,
      downtimeMs: 3 * HOUR + 15 * MINUTE,
      incidentCount: 3,
      mttrMs: 1.5 * HOUR,
      mtbfMs: Math.round((now - quarterStart - 3 * HOUR - 15 * MINUTE) / 3),
    });
    // One figure: the uptime tab's 30-day downtime is the card's.
    const uptime = await api.expectJson<{ windows: Record<string, { downtimeMs: number }> }>(
      await api.send(user, 'GET', `/monitors/${shop.id}/uptime`),
      200,
    );
    expect(uptime.windows['30d']?.downtimeMs).toBe(month.downtimeMs);
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
    const { db, dialect } = api.t.database;
    await recordSamples(db, dialect, shop.id, hourly(created + HOUR, api.clock.now() + HOUR, new Set([24])));
    expect(await stats(user, shop.id, 30)).toMatchObject({
      windowStart: created,
      downtimeMs: HOUR,
      mttrMs: HOUR,
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
