// Two processes' buffers adding into the same hour rows at once (issue 42, item 3: any number of
// `serve` processes ingest into the same rows): every page view counts, on both dialects.
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldReport } from '../../../core/api/field.ts';
import { createLogger } from '../../platform/logger.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';
import { createRumApp, type RumApp } from './test/rum-app.ts';

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

describe('page views written by several processes', () => {
  it('add up in the same rows, new and existing, when their writes overlap', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { site } = await r.enabled(owner);
    const { db, dialect } = r.t.database;
    const buffers = [0, 1, 2].map(() =>
      createPageViewBuffer({ db, dialect, clock: r.clock, logger: createLogger('silent') }),
    );
    const view = (lcp: number, route: string) => ({
      siteId: site.id,
      workspaceId: owner.id,
      route,
      device: 'desktop',
      metrics: { lcp },
    });
    for (const round of [0, 1]) {
      for (const [i, buffer] of buffers.entries()) {
        for (let n = 0; n < 50; n++) buffer.add(view(1000 + n * 10 + i, `/r${(n + round) % 3}`));
      }
      await Promise.all(buffers.map((buffer) => buffer.flush()));
    }
    const rows = await db.selectFrom('rum_hours').selectAll().where('site_id', '=', site.id).execute();
    const total = rows.find((row) => row.route === '*');
    expect(total?.page_views).toBe(300);
    expect(rows.filter((row) => row.route !== '*').reduce((sum, row) => sum + row.page_views, 0)).toBe(300);
    const report = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h`),
      200,
    );
    expect(report.metrics.lcp).toMatchObject({ count: 300, good: 300 });
  });
});
