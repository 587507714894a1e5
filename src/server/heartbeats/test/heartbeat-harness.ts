// Heartbeat tests drive the real app on a ManualClock: monitors made through the API, pings sent
// to the public endpoint, the check job claiming due heartbeats, and (optionally) a real SMTP
// server receiving the alert mails. Time only moves when the test says so.
import { type AlertApp, createAlertApp } from '../../alerts/test/alert-app.ts';
import { startSmtpSink } from '../../alerts/test/smtp-sink.ts';
import { createLocalEventBus } from '../../platform/events/bus.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { createCheckJob } from '../../scheduler/check-job.ts';
import type { TestUser } from '../../test/factories.ts';
import { storedResults } from '../../test/result-rows.ts';

const signal = new AbortController().signal;

export interface HeartbeatMonitor {
  id: string;
  status: string;
  pingUrl: string;
  nextDueAt: number | null;
  late: boolean;
  nextRunAt: number | null;
  [field: string]: unknown;
}

export async function startHeartbeatHarness({ smtp = false }: { smtp?: boolean } = {}) {
  const sink = smtp ? await startSmtpSink() : null;
  const app: AlertApp = await createAlertApp({ smtpUrl: sink?.url });
  const owner: TestUser = await app.user('pro');
  const checks = createCheckJob({
    db: app.db,
    dialect: app.database.dialect,
    clock: app.clock,
    guard: createTargetGuard({ allowPrivateTargets: false }),
    events: createLocalEventBus(),
    logger: createLogger('silent'),
    region: 'test',
    workerId: 'worker-a',
    confirmDelayMs: 15_000,
  });

  async function create(body: Record<string, unknown>): Promise<HeartbeatMonitor> {
    const response = await app.send(owner, 'POST', '/monitors', {
      kind: 'heartbeat',
      name: 'Backup',
      ...body,
    });
    if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as HeartbeatMonitor;
  }

  return {
    app,
    owner,
    sink,
    checks,
    create,
    async get(id: string): Promise<HeartbeatMonitor> {
      return (await (await app.send(owner, 'GET', `/monitors/${id}`)).json()) as HeartbeatMonitor;
    },
    /** Pings the monitor's URL (`suffix` like '/start'), by POST unless told. */
    ping(monitor: Pick<HeartbeatMonitor, 'pingUrl'>, suffix = '', init: RequestInit = { method: 'POST' }) {
      const { pathname, search } = new URL(monitor.pingUrl + suffix);
      return app.request(pathname + search, init);
    },
    /** Runs the check job over what is due now, stores it, and sends the alerts. */
    async evaluate() {
      await checks.run(signal);
      await checks.drain?.();
      await app.deliver();
    },
    /** Moves the clock to `at`, evaluating every heartbeat deadline on the way. */
    async advanceTo(at: number) {
      for (let round = 0; ; round++) {
        if (round > 10_000) throw new Error('heartbeats stayed due: the job never moved them');
        const due = await app.db
          .selectFrom('monitors')
          .select((eb) => eb.fn.min<number>('next_run_at').as('at'))
          .where('paused', '=', 0)
          .executeTakeFirstOrThrow();
        const next = Number(due.at);
        if (!(next <= at)) break;
        if (next > app.clock.now()) app.clock.advance(next - app.clock.now());
        await this.evaluate();
      }
      if (at > app.clock.now()) app.clock.advance(at - app.clock.now());
    },
    incidents: () => app.db.selectFrom('incidents').selectAll().execute(),
    results: (monitorId: string) => storedResults(app.db, monitorId),
    subjects: () => sink?.mails.map((mail) => mail.subject) ?? [],
    async close() {
      await app.close();
      await sink?.close();
    },
  };
}

export type HeartbeatHarness = Awaited<ReturnType<typeof startHeartbeatHarness>>;
