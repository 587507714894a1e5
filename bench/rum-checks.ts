// `npm run bench -- rum-checks`: do checks stay on time while visitors' beacons pour in (issue 42's
// speed goals)? The scheduler bench's real `upwatch start` with BENCH_MONITORS (20,000) monitors at
// a 60 s interval, measured twice over the same window: once quiet, once while rum-load.js sends
// BENCH_RUM_RATE (10,000) beacons a second to four RUM sites of the same process. Reports each
// run's stray of the gap between a monitor's two arrivals from 60 s (p50/p99/max), missed beats
// and checks per second, and the beacons answered during the busy run. BENCH_SECONDS (120) and
// BENCH_WARMUP_SECONDS (70) as in the scheduler bench.
import { loadavg } from 'node:os';
import { beaconLoad, setUpRumSites } from './rum.ts';
import { type DuringRun, MIX, run, startTarget } from './scheduler.ts';

export async function rumChecks() {
  const count = Number(process.env.BENCH_MONITORS ?? 20_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 120);
  const { target, ports } = await startTarget();
  let keys: string[] = [];
  let beacons: Awaited<ReturnType<typeof beaconLoad>> | undefined;
  const visitors: DuringRun = {
    // The RUM bench's settings: Pro's page views, visitors' addresses from X-Forwarded-For.
    env: (url) => ({ PUBLIC_URL: url, DEFAULT_PLAN: 'pro', TRUST_PROXY: 'true' }),
    async prepare(url) {
      keys = (await setUpRumSites(url)).keys;
    },
    async run(url, window) {
      beacons = await beaconLoad(url, keys, window);
    },
  };
  try {
    const quiet = await run(target, ports, count, MIX, seconds);
    const busy = await run(target, ports, count, MIX, seconds, visitors);
    const figures = (r: Record<string, unknown>) => ({
      stray_ms: r.stray_ms,
      missed_beats: r.missed_beats,
      stored_checks_per_second: r.stored_checks_per_second,
      cpu_share_of_core: r.cpu_share_of_core,
    });
    return {
      name: 'rum-checks',
      monitors: count,
      seconds,
      quiet: figures(quiet),
      with_beacons: {
        ...figures(busy),
        beacons_per_second: beacons ? Math.round(beacons.requests.total / (beacons.duration || seconds)) : 0,
        beacons_answered_2xx: beacons?.['2xx'] ?? 0,
        beacon_latency_ms: beacons?.latency,
      },
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    target.send({ type: 'stop' });
  }
}
