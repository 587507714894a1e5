// The visitor's side of subscribing, without signing in: sign up on a published page (rate
// limited, within the plan's limit, a webhook vetted by the SSRF guard), confirm through the
// signed link the confirmation message carries, and unsubscribe through the signed link every
// message carries. Nothing but the confirmation request is sent before confirmation.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { httpUrlSchema } from '../../../core/api/http-url.ts';
import type { StatusPageLanguage, StatusPageLanguageSetting } from '../../../core/api/status-pages.ts';
import { PLANS } from '../../../core/plans.ts';
import type { EntitlementsHelper } from '../../billing/plan-summary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { SubscriberKind } from '../../platform/db/subscriber-schema.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { countSignup } from './rate-limit.ts';
import { readConfirmToken, readUnsubscribeToken, webhookSecretOf } from './tokens.ts';

/** How long a confirmation link works; unconfirmed sign-ups older than this are removed. */
export const CONFIRM_WITHIN_MS = 7 * 86_400_000;

export interface SignupDeps {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  entitlements: Pick<EntitlementsHelper, 'planSummary'>;
  /** The SSRF guard's save-time check: 422 private_target for a private address. */
  vetUrl(url: string): Promise<void>;
}

export interface SignupForm {
  email: string;
  webhookUrl: string;
  monitorIds: readonly string[];
}

/** What is wrong with a sign-up's form (422). */
export type SignupProblem =
  | 'missingAddress'
  | 'bothAddresses'
  | 'invalidEmail'
  | 'invalidWebhook'
  | 'privateWebhook'
  | 'unknownMonitor';

/** Why a sign-up or a link is refused; the refusal's `count` is the plan's limit, or the minutes to wait. */
export type RefusalReason = SignupProblem | 'notFound' | 'invalidLink' | 'expired' | 'limit' | 'rate';

/**
 * A refusal the public routes show as a page with this status, in the page's language: the
 * service says why, the routes put it in words (status-pages/i18n, `subscription`).
 */
export class SignupRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 410 | 413 | 422 | 429,
    readonly reason: RefusalReason,
    readonly count = 0,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
    this.name = 'SignupRefusal';
  }
}

export interface PageRef {
  name: string;
  slug: string;
  language: StatusPageLanguageSetting;
}

export type SignupResult = { page: PageRef } & (
  | { kind: 'email'; address: string }
  /** `secret` only for a new subscription: it is shown once. */
  | { kind: 'webhook'; address: string; secret: string | null }
);

export interface Unsubscription {
  page: PageRef;
  /** The subscription the link removes; null once it is gone. */
  id: string | null;
}

const emailSchema = z.email().max(254);
const invalidLink = () => new SignupRefusal(400, 'invalidLink');
const refOf = ({ name, slug, language }: PageRef): PageRef => ({ name, slug, language });
const refuse = (problem: SignupProblem) => new SignupRefusal(422, problem);

function readAddress(form: SignupForm): { kind: SubscriberKind; address: string } {
  const email = form.email.trim();
  const webhookUrl = form.webhookUrl.trim();
  if (email && webhookUrl) throw refuse('bothAddresses');
  if (email) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) throw refuse('invalidEmail');
    return { kind: 'email', address: parsed.data.toLowerCase() };
  }
  if (!webhookUrl) throw refuse('missingAddress');
  const parsed = httpUrlSchema.safeParse(webhookUrl);
  if (!parsed.success) throw refuse('invalidWebhook');
  return { kind: 'webhook', address: parsed.data };
}

export function createSignups({ db, clock, secret, entitlements, vetUrl }: SignupDeps) {
  async function publishedPage(slug: string) {
    const page = await db
      .selectFrom('status_pages')
      .select(['id', 'workspace_id', 'name', 'slug', 'language'])
      .where('slug', '=', slug)
      .where('published', '=', 1)
      // A private page takes no subscribers: its news is for those who pass its gate.
      .where('access', '=', 'public')
      .executeTakeFirst();
    if (!page) throw new SignupRefusal(404, 'notFound');
    return { ...page, language: page.language ?? 'en' };
  }

  async function chosenMonitors(pageId: string, ids: readonly string[]): Promise<string[] | null> {
    if (ids.length === 0) return null;
    const shown = await db
      .selectFrom('status_page_monitors')
      .select('monitor_id')
      .where('status_page_id', '=', pageId)
      .execute();
    const unique = [...new Set(ids)];
    if (unique.some((id) => !shown.some((row) => row.monitor_id === id))) throw refuse('unknownMonitor');
    return unique;
  }

  async function requireRoom(page: { id: string; workspace_id: string }): Promise<void> {
    const summary = await entitlements.planSummary(page.workspace_id);
    const limit = PLANS[summary.plan].limits.subscribersPerPage;
    if (typeof limit !== 'number') return;
    const row = await db
      .selectFrom('status_page_subscribers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status_page_id', '=', page.id)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= limit) throw new SignupRefusal(403, 'limit', limit);
  }

  /** The subscriber a link names, on the page the link's path names; null if it is gone. */
  async function linked(slug: string, subscriberId: string) {
    const row = await db
      .selectFrom('status_page_subscribers')
      .innerJoin('status_pages', 'status_pages.id', 'status_page_subscribers.status_page_id')
      .select([
        'status_page_subscribers.id',
        'status_page_subscribers.confirmed_at',
        'status_page_subscribers.created_at',
        'status_pages.name',
        'status_pages.slug',
        'status_pages.language',
      ])
      .where('status_page_subscribers.id', '=', subscriberId)
      .executeTakeFirst();
    if (row && row.slug !== slug) throw invalidLink();
    return row ? { ...row, language: row.language ?? 'en' } : null;
  }

  /** What an unsubscribe link is for; `id` is null once it was used (the page still named if there). */
  async function unsubscribeTarget(slug: string, token: string): Promise<Unsubscription> {
    const id = readUnsubscribeToken(secret, token);
    if (!id) throw invalidLink();
    const row = await linked(slug, id);
    if (row) return { page: { name: row.name, slug, language: row.language }, id };
    const page = await db
      .selectFrom('status_pages')
      .select(['name', 'language'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!page) return { page: { name: slug, slug, language: 'auto' }, id: null };
    return { page: { name: page.name, slug, language: page.language ?? 'en' }, id: null };
  }

  return {
    /** The page's monitors under the names it shows, for the full form; published pages only. */
    async options(slug: string): Promise<{ page: PageRef; monitors: { id: string; name: string }[] }> {
      const page = await publishedPage(slug);
      const rows = await db
        .selectFrom('status_page_monitors')
        .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
        .select(['monitors.id', 'monitors.name', 'status_page_monitors.display_name'])
        .where('status_page_monitors.status_page_id', '=', page.id)
        .where('monitors.workspace_id', '=', page.workspace_id)
        .orderBy('status_page_monitors.position')
        .execute();
      const monitors = rows.map((row) => ({ id: row.id, name: row.display_name ?? row.name }));
      return { page: refOf(page), monitors };
    },

    /** The language setting of the page a refusal is about; 'auto' (the visitor's) if there is none. */
    async languageOf(slug: string): Promise<StatusPageLanguageSetting> {
      const page = await db
        .selectFrom('status_pages')
        .select('language')
        .where('slug', '=', slug)
        .executeTakeFirst();
      return page ? (page.language ?? 'en') : 'auto';
    },

    /** `visitor.language`: theirs from the request, kept for an 'auto' page's mails. */
    async subscribe(
      slug: string,
      form: SignupForm,
      visitor: { address: string | null; language: StatusPageLanguage },
    ): Promise<SignupResult> {
      const page = await publishedPage(slug);
      const ref = refOf(page);
      const { kind, address } = readAddress(form);
      // Counted before the DNS lookup of a webhook, so the limit also bounds those.
      const now = clock.now();
      const rate = await countSignup(db, page.id, visitor.address, now);
      if (!rate.allowed) {
        const minutes = Math.ceil(rate.retryAfterSeconds / 60);
        throw new SignupRefusal(429, 'rate', minutes, { 'Retry-After': String(rate.retryAfterSeconds) });
      }
      const monitorIds = await chosenMonitors(page.id, form.monitorIds);
      if (kind === 'webhook') {
        await vetUrl(address).catch((err: unknown) => {
          throw err instanceof ApiError && err.code === 'private_target' ? refuse('privateWebhook') : err;
        });
      }
      const existing = await db
        .selectFrom('status_page_subscribers')
        .select(['id', 'confirmed_at', 'created_at'])
        .where('status_page_id', '=', page.id)
        .where('kind', '=', kind)
        .where('address', '=', address)
        .executeTakeFirst();
      // Already subscribed: the same answer as a new sign-up (the page tells no one who is), nothing sent.
      if (existing?.confirmed_at != null)
        return kind === 'email' ? { page: ref, kind, address } : { page: ref, kind, address, secret: null };
      // Signing up again replaces the earlier request, so its link and webhook secret stop working.
      await db
        .deleteFrom('status_page_subscribers')
        .where('status_page_id', '=', page.id)
        .where('confirmed_at', 'is', null)
        .where((eb) =>
          eb.or([eb('created_at', '<', now - CONFIRM_WITHIN_MS), eb('id', '=', existing?.id ?? '')]),
        )
        .execute();
      await requireRoom(page);
      const id = uuidv7();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('status_page_subscribers')
          .values({
            id,
            workspace_id: page.workspace_id,
            status_page_id: page.id,
            kind,
            address,
            monitor_ids: monitorIds ? JSON.stringify(monitorIds) : null,
            language: visitor.language,
            confirmed_at: null,
            created_at: now,
          })
          .execute();
        await tx
          .insertInto('status_page_deliveries')
          .values({
            id: uuidv7(),
            workspace_id: page.workspace_id,
            subscriber_id: id,
            notice_id: null,
            kind: 'subscription.confirm',
            attempts: 0,
            next_attempt_at: now,
            claimed_until: null,
            sent_at: null,
            last_error: null,
            created_at: now,
          })
          .execute();
      });
      const webhookSecret = webhookSecretOf(secret, id);
      return kind === 'email'
        ? { page: ref, kind, address }
        : { page: ref, kind, address, secret: webhookSecret };
    },

    async confirm(slug: string, token: string): Promise<PageRef> {
      const id = readConfirmToken(secret, token);
      if (!id) throw invalidLink();
      const row = await linked(slug, id);
      const now = clock.now();
      if (!row || (row.confirmed_at === null && Number(row.created_at) < now - CONFIRM_WITHIN_MS)) {
        throw new SignupRefusal(410, 'expired');
      }
      if (row.confirmed_at === null) {
        await db
          .updateTable('status_page_subscribers')
          .set({ confirmed_at: now })
          .where('id', '=', id)
          .where('confirmed_at', 'is', null)
          .execute();
      }
      return { name: row.name, slug: row.slug, language: row.language };
    },

    unsubscribeTarget,

    /** Removes the subscription (its pending messages go with it); a second time changes nothing. */
    async unsubscribe(slug: string, token: string): Promise<Unsubscription> {
      const target = await unsubscribeTarget(slug, token);
      if (target.id) await db.deleteFrom('status_page_subscribers').where('id', '=', target.id).execute();
      return target;
    },
  };
}

export type Signups = ReturnType<typeof createSignups>;
