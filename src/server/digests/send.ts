// Builds a digest, stores it and mails it. A period's report row is inserted before the mail
// goes out; the unique key makes the loser of a race between two processes send nothing.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DigestData } from '../../core/api/digests.ts';
import type { Period } from '../../core/digest-periods.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { buildDigestData } from './figures.ts';
import { digestSubject, renderDigestHtml, renderDigestText } from './render.ts';
import type { Recipient } from './settings.ts';
import { signUnsubscribeToken } from './token.ts';

export interface DigestMailDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  logger: Logger;
}

export function unsubscribeUrl(deps: Pick<DigestMailDeps, 'secret' | 'publicUrl'>, userId: string): string {
  return `${deps.publicUrl}/unsubscribe/digest?token=${signUnsubscribeToken(deps.secret, userId)}`;
}

function render(deps: DigestMailDeps, recipient: Recipient, data: DigestData, reportId: string | null) {
  const links = {
    report: `${deps.publicUrl}/dashboard/reports${reportId ? `/${reportId}` : ''}`,
    unsubscribe: unsubscribeUrl(deps, recipient.userId),
  };
  const preview = reportId === null;
  return {
    subject: digestSubject(data, recipient.timezone, preview),
    html: renderDigestHtml(data, recipient.timezone, links, preview),
    text: renderDigestText(data, recipient.timezone, links, preview),
    unsubscribe: links.unsubscribe,
  };
}

async function mail(deps: DigestMailDeps, recipient: Recipient, content: ReturnType<typeof render>) {
  await deps.mailer.send({
    // Filed under the person's own workspace, whose id is theirs.
    workspaceId: recipient.userId,
    to: recipient.email,
    subject: content.subject,
    html: content.html,
    text: content.text,
    headers: {
      'List-Unsubscribe': `<${content.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** Sends a period's digest unless it was already recorded; true when this call sent it. */
export async function sendPeriodDigest(
  deps: DigestMailDeps,
  recipient: Recipient,
  period: Period,
): Promise<boolean> {
  const data = await buildDigestData(deps.db, recipient.userId, period);
  const id = uuidv7();
  const content = render(deps, recipient, data, id);
  const inserted = await deps.db
    .insertInto('digest_reports')
    .values({
      id,
      user_id: recipient.userId,
      frequency: period.frequency,
      period_start: period.start,
      period_end: period.end,
      html: content.html,
      data: JSON.stringify(data),
      created_at: deps.clock.now(),
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'frequency', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  try {
    await mail(deps, recipient, content);
  } catch (err) {
    // Recorded but not sent: the period is not retried, so one flaky SMTP hour cannot double-send.
    deps.logger.warn({ err, userId: recipient.userId, reportId: id }, 'digest mail failed');
    return true;
  }
  await deps.db
    .updateTable('digest_reports')
    .set({ sent_at: deps.clock.now() })
    .where('id', '=', id)
    .where('user_id', '=', recipient.userId)
    .execute();
  return true;
}

/** 'Send me a preview now': the period so far, mailed once and not recorded. */
export async function sendPreviewDigest(deps: DigestMailDeps, recipient: Recipient, period: Period) {
  const data = await buildDigestData(deps.db, recipient.userId, period);
  await mail(deps, recipient, render(deps, recipient, data, null));
  return data;
}
