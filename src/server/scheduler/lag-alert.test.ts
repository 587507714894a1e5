// The operator's alert when the scheduler falls behind (issue 40, item 3): one mail to each
// workspace owner when checks start 30 s late or more, none while the lag stays between the two
// lines, one when it is back under 10 s; /internal/metrics gives the figure and the state.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../alerts/test/smtp-sink.ts';
import { INTERNAL_METRICS_PATH, internalMetrics } from '../metrics/internal-endpoint.ts';
import { createProcessMetrics } from '../metrics/process-metrics.ts';
import { ManualClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { createSmtpMailer, type Mailer } from '../platform/mail/mailer.ts';
import { WorkerStats } from '../regions/worker-stats.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { lagAlertJob } from './lag-alert.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const TOKEN = 'scrape-me-please-0123';
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let clock: ManualClock;
let mailer: Mailer;
let owners: TestUser[];
beforeEach(async () => {
  sink = await startSmtpSink();
  clock = new ManualClock(NOW);
  t = await createTestApp({}, { clock });
  mailer = createSmtpMailer(sink.url, 'Upwatch <upwatch@example.test>');
  owners = [await createUser(t.auth), await createUser(t.auth)];
});
afterEach(async () => {
  await mailer.close();
  await t.close();
  await sink.close();
});

function setup(notifyOwners = true) {
  const stats = new WorkerStats();
  const job = lagAlertJob({
    db: t.database.db,
    clock,
    logger: createLogger('silent'),
    mailer,
    stats,
    workerId: 'local/host/1/abcd',
    publicUrl: 'http://localhost:3000',
    notifyOwners,
  });
  /** Five seconds of checks starting `lagMs` late, then the job's round. */
  async function tick(lagMs: number) {
    clock.advance(5_000);
    for (let i = 0; i < 20; i++) stats.started(clock.now() - lagMs, clock.now());
    await job.run(new AbortController().signal);
  }
  return { job, tick };
}

const subjects = () => sink.mails.map((mail) => mail.subject);

describe('the scheduler lag alert', () => {
  it('mails each owner once when checks run late, not again while late, and once when on time again', async () => {
    const { job, tick } = setup();
    await tick(20);
    expect(job.current()).toEqual({ lagMs: expect.any(Number), late: false });
    expect(sink.mails).toHaveLength(0);

    await tick(45_000);
    expect(job.current().late).toBe(true);
    expect(subjects()).toEqual(['Upwatch checks are running late', 'Upwatch checks are running late']);
    expect(sink.mails.flatMap((mail) => mail.to).sort()).toEqual(owners.map((o) => o.email).sort());
    expect(sink.mails[0]?.text).toContain('local/host/1/abcd');

    // Still late, then between the lines: no more mail every heartbeat.
    for (let i = 0; i < 12; i++) await tick(45_000);
    clock.advance(60_000);
    for (let i = 0; i < 12; i++) await tick(20_000);
    expect(job.current()).toEqual({ lagMs: expect.any(Number), late: true });
    expect(sink.mails).toHaveLength(2);

    // Back under 10 s once the late minute has passed.
    clock.advance(60_000);
    await tick(50);
    expect(job.current().late).toBe(false);
    await tick(50);
    expect(subjects().slice(2)).toEqual([
      'Upwatch checks are on time again',
      'Upwatch checks are on time again',
    ]);
  });

  it('keeps a late state through a minute with no check started at all', async () => {
    const { job, tick } = setup();
    await tick(45_000);
    clock.advance(120_000);
    await job.run(new AbortController().signal);
    expect(job.current()).toEqual({ lagMs: null, late: true });
    expect(sink.mails).toHaveLength(2);
  });

  it('mails no customer of a hosted instance, yet tells /internal/metrics', async () => {
    const { job, tick } = setup(false);
    const metrics = createProcessMetrics();
    metrics.watchLag(job.current);
    const scrape = async () => {
      const request = new Request(`http://localhost${INTERNAL_METRICS_PATH}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const response = (await internalMetrics(metrics, TOKEN)(request)) as Response;
      const families = parsePrometheusTextFormat(await response.text());
      const value = (name: string) => Number(families.find((f) => f.name === name)?.metrics[0]?.value);
      return { lag: value('upwatch_scheduler_lag_p99_seconds'), late: value('upwatch_scheduler_late') };
    };
    await tick(20);
    expect(await scrape()).toEqual({ lag: expect.any(Number), late: 0 });
    expect((await scrape()).lag).toBeLessThan(1);

    await tick(45_000);
    const late = await scrape();
    expect(late.late).toBe(1);
    expect(late.lag).toBeGreaterThanOrEqual(30);
    expect(sink.mails).toHaveLength(0);
  });
});
