// Sends one claimed delivery: a mail through the mail module (SMTP, or the page owner's outbox)
// with RFC 8058 one-click unsubscribe headers, or a webhook signed exactly as webhook alerts are
// and posted through the SSRF guard. A failure is retried on the alerts' schedule.
import type { Kysely } from 'kysely';
import type { StatusPageLanguage, StatusPageLanguageSetting } from '../../../core/api/status-pages.ts';
import { renderMailHtml, renderMailText } from '../../../core/mail-layout.ts';
import { DeliveryError, type PostOptions } from '../../alerts/channel.ts';
import { SEND_TIMEOUT_MS } from '../../alerts/dispatch.ts';
import { nextAttemptAt } from '../../alerts/retry-schedule.ts';
import { signWebhook } from '../../alerts/webhook-signature.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { StatusPageDeliveryTable } from '../../platform/db/subscriber-schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { NoticePayload } from './notices.ts';
import { type MessageContext, renderMail, renderWebhookBody } from './render.ts';
import { subscriberLinks, webhookSecretOf } from './tokens.ts';

export interface SendDeps {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  postJson(url: string, body: string, options: PostOptions): Promise<void>;
}

export interface Outcome {
  sent: boolean;
  error: DeliveryError | null;
}

/** The page's language; on an 'auto' page the subscriber's at sign-up (none before 0036: English). */
function mailLanguage(
  page: StatusPageLanguageSetting | undefined,
  subscriber: StatusPageLanguage | null,
): StatusPageLanguage {
  const setting = page ?? 'en';
  return setting === 'auto' ? (subscriber ?? 'en') : setting;
}

async function loadContext(db: Kysely<Database>, deps: SendDeps, row: StatusPageDeliveryTable) {
  const subscriber = await db
    .selectFrom('status_page_subscribers')
    .innerJoin('status_pages', 'status_pages.id', 'status_page_subscribers.status_page_id')
    .select([
      'status_page_subscribers.id',
      'status_page_subscribers.kind',
      'status_page_subscribers.address',
      'status_page_subscribers.status_page_id',
      'status_page_subscribers.language',
      'status_pages.language as page_language',
      'status_pages.name',
      'status_pages.slug',
      'status_pages.published',
    ])
    .where('status_page_subscribers.id', '=', row.subscriber_id)
    .where('status_page_subscribers.workspace_id', '=', row.workspace_id)
    .executeTakeFirst();
  if (!subscriber) return null;
  const notice = row.notice_id
    ? await db
        .selectFrom('status_page_notices')
        .select(['payload', 'monitor_ids', 'created_at'])
        .where('id', '=', row.notice_id)
        .executeTakeFirst()
    : undefined;
  const monitors = await db
    .selectFrom('status_page_monitors')
    .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
    .select(['monitors.id', 'monitors.name', 'status_page_monitors.display_name'])
    .where('status_page_monitors.status_page_id', '=', subscriber.status_page_id)
    .orderBy('status_page_monitors.position')
    .execute();
  const context: MessageContext = {
    kind: row.kind,
    language: mailLanguage(subscriber.page_language, subscriber.language),
    payload: notice ? (JSON.parse(notice.payload) as NoticePayload) : null,
    page: { name: subscriber.name },
    links: subscriberLinks(deps.publicUrl, deps.secret, subscriber.slug, subscriber.id),
    names: new Map(monitors.map((monitor) => [monitor.id, monitor.display_name ?? monitor.name])),
    monitorIds: notice?.monitor_ids ? (JSON.parse(notice.monitor_ids) as string[]) : null,
    at: notice ? Number(notice.created_at) : Number(row.created_at),
  };
  return { subscriber, context };
}

async function attempt(deps: SendDeps, row: StatusPageDeliveryTable): Promise<Outcome> {
  const loaded = await loadContext(deps.db, deps, row);
  if (!loaded) return { sent: false, error: new DeliveryError('The subscriber is gone.', true) };
  const { subscriber, context } = loaded;
  if (subscriber.published !== 1) {
    return { sent: false, error: new DeliveryError('The status page is not published.', true) };
  }
  try {
    if (subscriber.kind === 'email') {
      const { subject, content } = renderMail(context);
      await deps.mailer.send({
        workspaceId: row.workspace_id,
        to: subscriber.address,
        subject,
        html: renderMailHtml(content),
        text: renderMailText(content),
        headers: {
          'List-Unsubscribe': `<${context.links.unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } else {
      const body = renderWebhookBody(context);
      const timestamp = String(Math.floor(deps.clock.now() / 1000));
      await deps.postJson(subscriber.address, body, {
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        headers: {
          'x-upwatch-timestamp': timestamp,
          'x-upwatch-signature': signWebhook(webhookSecretOf(deps.secret, subscriber.id), timestamp, body),
          'x-upwatch-event': row.kind,
          'x-upwatch-delivery': row.id,
        },
      });
    }
    return { sent: true, error: null };
  } catch (err) {
    return { sent: false, error: err instanceof DeliveryError ? err : new DeliveryError(String(err)) };
  }
}

/** Sends the delivery and records the outcome, unless its claim lapsed and another worker took it. */
export async function deliver(deps: SendDeps, row: StatusPageDeliveryTable): Promise<Outcome> {
  const startedAt = deps.clock.now();
  const outcome = await attempt(deps, row);
  const attempts = row.attempts + 1;
  const { error } = outcome;
  const retryAt =
    error && !error.permanent ? nextAttemptAt(attempts, row.next_attempt_at ?? startedAt, startedAt) : null;
  await deps.db
    .updateTable('status_page_deliveries')
    .set({
      attempts,
      next_attempt_at: retryAt,
      claimed_until: null,
      sent_at: outcome.sent ? deps.clock.now() : null,
      last_error: error?.message.slice(0, 1000) ?? null,
    })
    .where('id', '=', row.id)
    .where('claimed_until', '=', row.claimed_until)
    .execute();
  return outcome;
}
