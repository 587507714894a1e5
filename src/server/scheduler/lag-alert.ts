// The operator's alert when this worker's own scheduler falls behind (issue 40, item 3): on a
// self-hosted instance the workspace owners are its operators, so each gets one mail when checks
// start late and one when they are back on time. The hysteresis of LagState keeps a lag hovering
// around the line from sending a mail every heartbeat.
import type { Kysely } from 'kysely';
import { type MailContent, renderMailHtml, renderMailText } from '../../core/mail-layout.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { WorkerStats } from '../regions/worker-stats.ts';
import { CAUGHT_UP_BELOW_MS, LATE_AFTER_MS, type LagChange, LagState } from './lag.ts';

/** As often as the presence job reports the same figure. */
const EVERY_MS = 5_000;

export interface LagAlertOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** The check job's observer: this worker's last minute of start lags. */
  stats: WorkerStats;
  workerId: string;
  publicUrl: string;
  /**
   * Mail the workspace owners: on a self-hosted instance (local billing) they are its operators.
   * A hosted instance's customers are not, so there the lag is only logged and on /internal/metrics.
   */
  notifyOwners: boolean;
}

export interface LagAlertJob extends WorkerJob {
  /** The figure and state of the last round, for /internal/metrics. */
  current(): { lagMs: number | null; late: boolean };
}

const seconds = (ms: number) => `${Math.round(ms / 1000).toLocaleString('en-US')} s`;

function content(change: LagChange, lagMs: number, workerId: string, publicUrl: string): MailContent {
  const late = change === 'late';
  return {
    heading: late ? 'Upwatch checks are running late' : 'Upwatch checks are on time again',
    accent: late ? '#dc2626' : '#059669',
    paragraphs: late
      ? [
          `This worker starts checks ${seconds(lagMs)} after they are due (99th percentile over the last minute; the alert line is ${seconds(LATE_AFTER_MS)}).`,
          'Monitors whose checks stop show as stale until a new result comes. Look at the worker’s CPU, its database connection and its check concurrency.',
        ]
      : [
          `This worker starts checks ${seconds(lagMs)} after they are due again, under ${seconds(CAUGHT_UP_BELOW_MS)}.`,
        ],
    facts: [
      ['Worker', workerId],
      ['Start lag', seconds(lagMs)],
    ],
    button: { label: 'Open the dashboard', href: `${publicUrl}/` },
    footer: { text: 'Upwatch', href: publicUrl },
  };
}

/** Every owner of a workspace here, once each. */
async function operators(db: Kysely<Database>): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['user.id', 'user.email'])
    .where('member.role', '=', 'owner')
    .distinct()
    .execute();
}

export function lagAlertJob(options: LagAlertOptions): LagAlertJob {
  const { db, clock, logger, mailer, stats, workerId, publicUrl } = options;
  const log = logger.child({ module: 'scheduler-lag' });
  const state = new LagState();
  let lagMs: number | null = null;

  async function tell(change: LagChange, lag: number): Promise<void> {
    const mail = content(change, lag, workerId, publicUrl);
    for (const owner of await operators(db)) {
      try {
        await mailer.send({
          workspaceId: owner.id,
          to: owner.email,
          subject: mail.heading,
          html: renderMailHtml(mail),
          text: renderMailText(mail),
        });
      } catch (error) {
        log.error({ err: error, to: owner.email }, 'Could not send the scheduler lag mail');
      }
    }
  }

  const periodic = periodicJob('scheduler-lag', clock, EVERY_MS, async () => {
    lagMs = stats.figures(clock.now()).lagP99Ms;
    const change = state.update(lagMs);
    if (change === null || lagMs === null) return;
    if (change === 'late') log.warn({ lagMs }, 'checks are starting late');
    else log.info({ lagMs }, 'checks start on time again');
    if (options.notifyOwners) await tell(change, lagMs);
  });
  return { ...periodic, current: () => ({ lagMs, late: state.late }) };
}
