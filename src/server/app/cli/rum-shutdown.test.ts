// Page views wait up to a second in memory before they are written (issue 42, item 3). Stopping
// `upwatch start` (a deploy, a restart) writes them first: a visitor's page view answered 204 just
// before SIGTERM is in the field figures after the restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FieldReport, RumSettings } from '../../../core/api/field.ts';
import { signUpOn } from '../../test/process-api.ts';
import { freePort, type RunningUpwatch, startUpwatch } from '../../test/upwatch-process.ts';

let upwatch: RunningUpwatch | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await upwatch?.stop();
  upwatch = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a page view answered just before SIGTERM is stored, not lost with the process', {
  timeout: 60_000,
}, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'upwatch-rum-shutdown-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PUBLIC_URL: origin, DEFAULT_PLAN: 'pro' };
  upwatch = await startUpwatch(['start'], env, port);
  const { api } = await signUpOn(origin);
  const site = await api<{ id: string }>('POST', '/performance/sites', {
    name: 'Shop',
    url: 'https://shop.example.com/',
  });
  const { key } = await api<RumSettings>('PUT', `/performance/sites/${site.id}/rum`, { enabled: true });

  const beacon = await fetch(`${origin}/rum/${key}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'https://shop.example.com',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
    },
    body: JSON.stringify({
      v: 1,
      url: 'https://shop.example.com/',
      device: 'desktop',
      metrics: { LCP: 1500 },
    }),
  });
  expect(beacon.status).toBe(204);
  // At once: well inside the second the page view waits in memory.
  const exit = await upwatch.stop();
  upwatch = undefined;
  expect(exit.code).toBe(0);

  upwatch = await startUpwatch(['start'], env, port);
  const report = await api<FieldReport>('GET', `/performance/sites/${site.id}/field?range=24h`);
  expect(report.pageViews).toBe(1);
  expect(report.metrics.lcp.count).toBe(1);
});
