// Drives the real engine for incident tests: a real HTTP target on loopback whose answers the
// test controls, the check job and the alert delivery job on the app's ManualClock, and a real
// SMTP server receiving the mails. Time only moves when the test says so.
import type { ServerResponse } from 'node:http';
import { type AlertApp, createAlertApp } from '../../alerts/test/alert-app.ts';
import { startSmtpSink } from '../../alerts/test/smtp-sink.ts';
import { startTarget, type Target } from '../../checks/test/targets.ts';
import { createLocalEventBus } from '../../platform/events/bus.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../../platform/net/test/loopback-only.ts';
import { createCheckJob } from '../../scheduler/check-job.ts';
import type { TestUser } from '../../test/factories.ts';
import { settleFlapping } from '../flap-job.ts';
import { sendReminders } from '../reminder-job.ts';

/** `slow`: 200 after 60 ms, for monitors with a lower degraded threshold. */
export type Answer = 'ok' | 'error' | 'refuse' | 'slow';

const SLOW_MS = 60;

const signal = new AbortController().signal;

export interface OutageHarnessOptions {
  /** The monitors' owner's plan (incident management, escalation and webhooks need one; Pro holds more than five monitors). */
  plan?: 'free' | 'starter' | 'pro';
}

export async function startOutageHarness({ plan = 'free' }: OutageHarnessOptions = {}) {
  const sink = await startSmtpSink();
  const app: AlertApp = await createAlertApp({ smtpUrl: sink.url });
  let answer: Answer = 'ok';
  let requests = 0;
  /** Decides each request's answer by its number (0-based); overrides `answer` when set. */
  let pattern: ((n: number) => Answer) | null = null;
  /** Answers for one path, overriding the rest (a dependant failing alone). */
  const byPath = new Map<string, Answer>();
  const respond = (path: string, res: ServerResponse) => {
    const now = byPath.get(path) ?? (pattern ? pattern(requests) : answer);
    requests++;
    if (now === 'refuse') {
      res.socket?.destroy();
      return;
    }
    if (now === 'slow') {
      setTimeout(() => res.end('ok'), SLOW_MS);
      return;
    }
    res.statusCode = now === 'ok' ? 200 : 503;
    res.end(now === 'ok' ? 'ok' : 'down');
  };
  const target: Target = await startTarget((req, res) => respond(req.url ?? '/', res));
  const workerJob = (workerId: string) =>
    createCheckJob({
      db: app.db,
      dialect: app.database.dialect,
      clock: app.clock,
      guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: 'test',
      workerId,
      confirmDelayMs: 15_000,
    });
  const checks = workerJob('worker-a');
  let owner: TestUser | undefined;

  async function monitor(name = 'api.example.com', { intervalSeconds = 60, path = '/health' } = {}) {
    owner ??= await app.user(plan);
    const response = await app.send(owner, 'POST', '/monitors', {
      name,
      url: `${target.origin}${path}`,
      intervalSeconds,
    });
    if (response.status !== 201) throw new Error(await response.text());
    return (await response.json()) as { id: string };
  }

  /** Moves the clock to the next due check (at most `maxMs` ahead), runs it, stores it and sends alerts. */
  async function step(maxMs = Number.POSITIVE_INFINITY) {
    const due = await app.db
      .selectFrom('monitors')
      .select((eb) => eb.fn.min<number>('next_run_at').as('at'))
      .where('paused', '=', 0)
      .executeTakeFirstOrThrow();
    const at = Number(due.at);
    if (Number.isFinite(at) && at > app.clock.now()) app.clock.advance(Math.min(at - app.clock.now(), maxMs));
    await checks.run(signal);
    await checks.drain?.();
    await settleFlapping(app.db, app.clock.now());
    await sendReminders(app.db, app.clock.now());
    await app.deliver();
  }

  return {
    app,
    sink,
    target,
    monitor,
    step,
    workerJob,
    get owner() {
      if (!owner) throw new Error('create a monitor first');
      return owner;
    },
    get requests() {
      return requests;
    },
    answer(next: Answer) {
      answer = next;
    },
    follow(next: (n: number) => Answer) {
      pattern = next;
    },
    /** Answers requests for `path` so from now on; null goes back to the common answer. */
    answerPath(path: string, next: Answer | null) {
      if (next === null) byPath.delete(path);
      else byPath.set(path, next);
    },
    incidents: () => app.db.selectFrom('incidents').selectAll().orderBy('started_at').execute(),
    subjects: () => sink.mails.map((mail) => mail.subject),
    async close() {
      await target.close();
      await app.close();
      await sink.close();
    },
  };
}

export type OutageHarness = Awaited<ReturnType<typeof startOutageHarness>>;
