// `npm run bench -- performance`: 10 consecutive Lighthouse runs of a light page served on
// 127.0.0.1, through the real runner (child process, Chromium, guarded proxy) in this process,
// which stands in for the server. Prints wall time per run, the peak RSS of Chromium (all its
// processes) and of the Lighthouse child during each run, this process's RSS after each run,
// and whether that RSS grows run over run. Environment: BENCH_RUNS (10), CHROME_PATH.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { DEFAULT_CHROME_PATH, performanceCheckRunner } from '../src/server/checks/performance.ts';
import { servePerfPages } from '../src/server/checks/test/perf-pages.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { createTargetGuard } from '../src/server/platform/net/target-guard.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const SAMPLE_MS = 100;
const MB = 1024 * 1024;
/** Growth below this many MB per run is noise, not a leak. */
const GROWTH_NOISE_MB_PER_RUN = 2;

/** Resident set sizes (MB) of this run's Chromium processes and of the Lighthouse child. */
function sample(): { chromiumMb: number; childMb: number } {
  const table = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' });
  let chromium = 0;
  let child = 0;
  for (const line of table.split('\n')) {
    const [rss, ...args] = line.trim().split(/\s+/);
    const command = args.join(' ');
    if (command.includes('upwatch-lighthouse-')) chromium += Number(rss) * 1024;
    else if (command.includes('performance-worker.ts')) child += Number(rss) * 1024;
  }
  return { chromiumMb: chromium / MB, childMb: child / MB };
}

/** Least-squares slope of y over its index. */
function slope(values: readonly number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function performance(): Promise<object> {
  const pages = await servePerfPages();
  const guard = createTargetGuard({ allowPrivateTargets: true });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      let chromiumPeak = 0;
      let childPeak = 0;
      const sampler = setInterval(() => {
        const { chromiumMb, childMb } = sample();
        chromiumPeak = Math.max(chromiumPeak, chromiumMb);
        childPeak = Math.max(childPeak, childMb);
      }, SAMPLE_MS);
      const started = Date.now();
      const result = await performanceCheckRunner.run(
        {
          url: `${pages.origin}/light`,
          device: 'mobile',
          chromePath: process.env.CHROME_PATH ?? DEFAULT_CHROME_PATH,
          extraChromeFlags: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
        },
        { signal: new AbortController().signal, clock: systemClock, guard, region: 'bench' },
      );
      const wallMs = Date.now() - started;
      clearInterval(sampler);
      runs.push({
        run: i + 1,
        status: result.status,
        failure: result.failure?.code ?? null,
        wallMs,
        lcpMs: result.metrics?.lcpMs === null ? null : round(result.metrics?.lcpMs ?? 0),
        chromiumPeakRssMb: round(chromiumPeak),
        lighthouseChildPeakRssMb: round(childPeak),
        serverRssMb: round(process.memoryUsage().rss / MB),
        serverHeapUsedMb: round(process.memoryUsage().heapUsed / MB),
      });
    }
  } finally {
    await pages.close();
  }
  // The first run loads modules; growth is judged from the second on.
  const steady = runs.slice(1).map((run) => run.serverRssMb);
  const growth = slope(steady);
  return {
    benchmark: 'performance',
    runs,
    wallMs: { min: Math.min(...runs.map((r) => r.wallMs)), max: Math.max(...runs.map((r) => r.wallMs)) },
    chromiumPeakRssMb: Math.max(...runs.map((r) => r.chromiumPeakRssMb)),
    lighthouseChildPeakRssMb: Math.max(...runs.map((r) => r.lighthouseChildPeakRssMb)),
    serverPeakRssMb: round(process.resourceUsage().maxRSS / 1024),
    serverRssSlopeMbPerRun: round(growth),
    serverRssGrows: growth > GROWTH_NOISE_MB_PER_RUN,
    chromiumLeft: sample().chromiumMb > 0,
    loadAverage1m: round(loadavg()[0] ?? 0),
  };
}
