// GET /api/v1/regions: the installation's regions as its workers last reported, for any member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegionList } from '../../core/api/regions.ts';
import { createUserApp } from '../test/user-app.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
let app: Awaited<ReturnType<typeof createUserApp>>;

beforeAll(async () => {
  app = await createUserApp(NOW);
  await app.t.database.db
    .insertInto('workers')
    .values([
      {
        id: 'a-1',
        region: 'eu-west',
        host: 'fra-1',
        pid: 41,
        started_at: NOW - 3_600_000,
        last_seen_at: NOW - 4000,
        stopped_at: null,
        checks_per_minute: 120,
        lag_p99_ms: 12,
      },
      {
        id: 'b-1',
        region: 'ap-south',
        host: 'bom-1',
        pid: 42,
        started_at: NOW - 3_600_000,
        last_seen_at: NOW - 300_000,
        stopped_at: NOW - 285_000,
        checks_per_minute: 80,
        lag_p99_ms: 30,
      },
    ])
    .execute();
});
afterAll(async () => {
  await app.t.close();
});

describe('GET /api/v1/regions', () => {
  it('lists each region with its workers, online or not, to a signed-in member', async () => {
    const viewer = await app.user('free');
    const { regions } = await app.json<RegionList>(await app.send(viewer, 'GET', '/regions'), 200);
    expect(regions.map((region) => [region.name, region.online, region.checksPerMinute])).toEqual([
      ['ap-south', false, 0],
      ['eu-west', true, 120],
    ]);
    expect(regions[1]?.workers).toEqual([
      {
        id: 'a-1',
        host: 'fra-1',
        pid: 41,
        startedAt: NOW - 3_600_000,
        lastSeenAt: NOW - 4000,
        stoppedAt: null,
        checksPerMinute: 120,
        lagP99Ms: 12,
      },
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await app.t.request('/api/v1/regions')).status).toBe(401);
  });
});
