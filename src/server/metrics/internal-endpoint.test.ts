// /internal/metrics: the process's figures for bearers of METRICS_TOKEN, a 404 for everyone else
// (and for everyone when no token is set); read back through a Prometheus text-format parser
// (promtool lints it in promtool.pg.test.ts).
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { INTERNAL_METRICS_PATH, internalMetrics } from './internal-endpoint.ts';
import { createProcessMetrics } from './process-metrics.ts';

const TOKEN = 'scrape-me-please-0123';
const get = (authorization?: string, path = INTERNAL_METRICS_PATH) =>
  new Request(`http://upwatch.test${path}`, authorization ? { headers: { authorization } } : {});

describe('the process metrics endpoint', () => {
  it('answers 404 without METRICS_TOKEN, without the token and with a wrong one, and leaves other paths alone', async () => {
    const metrics = createProcessMetrics();
    expect((await internalMetrics(metrics, undefined)(get(`Bearer ${TOKEN}`)))?.status).toBe(404);
    const endpoint = internalMetrics(metrics, TOKEN);
    expect((await endpoint(get()))?.status).toBe(404);
    expect((await endpoint(get('Bearer scrape-me-please-9999')))?.status).toBe(404);
    expect(endpoint(get(`Bearer ${TOKEN}`, '/api/v1/me'))).toBeNull();
  });

  it("gives Node's default metrics and the scheduler's checks, lag, claims, queue and retries", async () => {
    const metrics = createProcessMetrics();
    metrics.checks.claimed(40);
    metrics.checks.started(1_000, 1_003);
    metrics.checks.started(1_000, 1_700);
    metrics.deliveryRetried();
    metrics.watchQueue(() => ({ inFlight: 12, armed: 30, queued: 2 }));
    metrics.watchResults(() => ({ waiting: 7, lost: 3 }));
    const response = await internalMetrics(metrics, TOKEN)(get(`Bearer ${TOKEN}`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = new Map(
      parsePrometheusTextFormat(await (response as Response).text()).map((f) => [f.name, f]),
    );
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(families.get('upwatch_checks_started_total')?.metrics[0]?.value).toBe('2');
    expect(families.get('upwatch_alert_delivery_retries_total')?.metrics[0]?.value).toBe('1');
    const lag = families.get('upwatch_schedule_lag_seconds')?.metrics[0];
    expect(lag?.count).toBe('2');
    expect(lag?.buckets?.['0.005']).toBe('1');
    expect(lag?.buckets?.['1']).toBe('2');
    expect(families.get('upwatch_claim_batch_size')?.metrics[0]?.sum).toBe('40');
    const depth = families.get('upwatch_check_queue_depth')?.metrics ?? [];
    expect(Object.fromEntries(depth.map((m) => [m.labels?.state, m.value]))).toEqual({
      inFlight: '12',
      armed: '30',
      queued: '2',
    });
    // Results kept while the store fails, and those dropped past the bound: a loss is never silent.
    expect(families.get('upwatch_check_results_waiting')?.metrics[0]?.value).toBe('7');
    expect(families.get('upwatch_check_results_lost_total')?.metrics[0]?.value).toBe('3');
  });
});
