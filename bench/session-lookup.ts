// Every API call resolves its session first, so its cost bounds the whole API's throughput.
import { performance } from 'node:perf_hooks';
import { createUser } from '../src/server/test/factories.ts';
import { createTestApp } from '../src/server/test/test-app.ts';

const REQUESTS = 2000;

export async function sessionLookup() {
  const started = performance.now();
  const t = await createTestApp();
  const setupMs = performance.now() - started;
  try {
    const user = await createUser(t.auth);
    const durations: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const begin = performance.now();
      const response = await t.request('/api/v1/me', { headers: { cookie: user.cookie } });
      if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
      await response.arrayBuffer();
      durations.push(performance.now() - begin);
    }
    durations.sort((a, b) => a - b);
    const total = durations.reduce((sum, ms) => sum + ms, 0);
    const at = (q: number) => Number((durations[Math.floor(q * (durations.length - 1))] ?? 0).toFixed(3));
    return {
      name: 'session_lookup_get_me',
      dialect: t.database.dialect,
      requests: REQUESTS,
      requests_per_second: Math.round(REQUESTS / (total / 1000)),
      p50_ms: at(0.5),
      p95_ms: at(0.95),
      p99_ms: at(0.99),
      fresh_database_and_migrations_ms: Number(setupMs.toFixed(1)),
      rss_mib: Math.round(process.memoryUsage().rss / 1024 / 1024),
    };
  } finally {
    await t.close();
  }
}
