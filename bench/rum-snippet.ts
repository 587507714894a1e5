// `npm run bench -- rum-snippet`: what /rum.js costs the page it is pasted into (issue 42's
// goal: at most 5 ms of Total Blocking Time). The same shop page is served on 127.0.0.1 with and
// without the snippet (the built dist/web/rum.js: run `npx vite build` first) and measured by
// the real Lighthouse runner, mobile with simulated throttling, BENCH_RUNS times each (5),
// alternating; prints each side's median TBT, LCP and score, and the snippet's bytes as sent.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { WEB_DIST_DIR } from '../src/server/app/runtime.ts';
import { DEFAULT_CHROME_PATH, performanceCheckRunner } from '../src/server/checks/performance.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { createTargetGuard } from '../src/server/platform/net/target-guard.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function page(withSnippet: boolean): string {
  const snippet = withSnippet ? '<script defer src="/rum.js" data-site="benchkeybenchkey"></script>' : '';
  const products = Array.from(
    { length: 24 },
    (_, i) => `<li><h2>Product ${i + 1}</h2><p>A fine thing, in stock, ships tomorrow.</p></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Shop</title>${snippet}</head><body><h1>Shop</h1><ul>${products}</ul></body></html>`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;

export async function rumSnippet(): Promise<object> {
  const script = readFileSync(path.join(WEB_DIST_DIR, 'rum.js'));
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/rum.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' });
      response.end(brotliCompressSync(script));
      return;
    }
    if (request.method === 'POST') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(request.url?.startsWith('/with') ?? false));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const guard = createTargetGuard({ allowPrivateTargets: true });
  type Run = { tbt: number; lcp: number; score: number };
  const sides: Record<'without' | 'with', Run[]> = { without: [], with: [] };
  try {
    for (let i = 0; i < RUNS * 2; i += 1) {
      const side = i % 2 === 0 ? 'without' : 'with';
      const result = await performanceCheckRunner.run(
        {
          url: `${origin}/${side}`,
          device: 'mobile',
          chromePath: process.env.CHROME_PATH ?? DEFAULT_CHROME_PATH,
          extraChromeFlags: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
        },
        { signal: new AbortController().signal, clock: systemClock, guard, region: 'bench' },
      );
      if (!result.metrics) throw new Error(`run failed: ${result.failure?.code}`);
      sides[side].push({
        tbt: result.metrics.tbtMs ?? 0,
        lcp: result.metrics.lcpMs ?? 0,
        score: result.metrics.performanceScore ?? 0,
      });
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const summary = (runs: Run[]) => ({
    tbt_ms: runs.map((run) => run.tbt),
    median_tbt_ms: median(runs.map((run) => run.tbt)),
    median_lcp_ms: median(runs.map((run) => run.lcp)),
    median_score: median(runs.map((run) => run.score)),
  });
  const without = summary(sides.without);
  const withSnippet = summary(sides.with);
  return {
    name: 'rum_snippet',
    runs_each: RUNS,
    snippet_bytes: {
      raw: script.length,
      gzip: gzipSync(script, { level: 9 }).length,
      brotli: brotliCompressSync(script).length,
    },
    without,
    with: withSnippet,
    tbt_difference_ms: (withSnippet.median_tbt_ms ?? 0) - (without.median_tbt_ms ?? 0),
    load_average: loadavg().map((value) => Number(value.toFixed(2))),
  };
}
