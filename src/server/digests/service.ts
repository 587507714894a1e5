// What the digest routes call: settings, the stored reports and the preview. Every read and
// write is scoped to the signed-in owner; all of it needs the `digests` feature.
import type {
  DigestData,
  DigestReport,
  DigestReportSummary,
  DigestSettings,
  DigestSettingsInput,
} from '../../core/api/digests.ts';
import { currentPeriod, nextSendAt } from '../../core/digest-periods.ts';
import { FEATURE_IDS, FEATURE_LABELS, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { DigestReportTable } from '../platform/db/digest-schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { type DigestMailDeps, sendPreviewDigest } from './send.ts';
import { claimPreview, loadRecipient, saveSettings } from './settings.ts';
import { verifyUnsubscribeToken } from './token.ts';

export const PREVIEW_INTERVAL_MS = 60_000;
const DEFAULT_PAGE = 20;

export interface DigestServiceDeps extends DigestMailDeps {
  entitlements: Pick<EntitlementsHelper, 'check'>;
}

function encodeCursor(row: Pick<DigestReportTable, 'created_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([Number(row.created_at), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [number, string] {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'number' && typeof id === 'string') return [createdAt, id];
  } catch {}
  throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this API returned.');
}

function toSummary(row: DigestReportTable): DigestReportSummary {
  const data = JSON.parse(row.data) as DigestData;
  return {
    id: row.id,
    periodStart: Number(row.period_start),
    periodEnd: Number(row.period_end),
    frequency: row.frequency,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    uptimePercent: data.overall.uptimePercent,
    incidentCount: data.incidents.count,
  };
}

export function createDigestService(deps: DigestServiceDeps) {
  const { db, clock } = deps;
  const plan = lowestPlanWith('digests').displayName;

  async function gate(userId: string) {
    if (await deps.entitlements.check(userId, FEATURE_IDS.digests)) return;
    throw new ApiError(
      403,
      'feature_not_in_plan',
      `${FEATURE_LABELS.digests} require the ${plan} plan or higher. Upgrade to get a digest of your sites by email.`,
    );
  }

  async function recipient(userId: string) {
    const found = await loadRecipient(db, userId);
    if (!found) throw new ApiError(404, 'user_not_found', 'The account no longer exists.');
    return found;
  }

  async function getSettings(userId: string): Promise<DigestSettings> {
    await gate(userId);
    const r = await recipient(userId);
    return {
      frequency: r.frequency,
      weekday: r.weekday,
      hour: r.hour,
      timezone: r.timezone,
      nextSendAt: nextSendAt(r, clock.now()),
    };
  }

  /** The existing account an unsubscribe token was signed for, or null. */
  async function unsubscribeOwner(token: string) {
    const userId = verifyUnsubscribeToken(deps.secret, token);
    if (!userId) return null;
    const user = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
    return user?.id ?? null;
  }

  return {
    getSettings,
    unsubscribeOwner,

    /** Turns the digest off for the token's owner; false (nothing changed) for a bad token. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = await unsubscribeOwner(token);
      if (!userId) return false;
      await saveSettings(db, userId, { frequency: 'off' }, clock.now());
      return true;
    },

    async updateSettings(userId: string, input: DigestSettingsInput): Promise<DigestSettings> {
      await gate(userId);
      await saveSettings(db, userId, input, clock.now());
      return getSettings(userId);
    },

    async listReports(userId: string, query: { cursor?: string; limit?: number }) {
      await gate(userId);
      const limit = query.limit ?? DEFAULT_PAGE;
      let q = db
        .selectFrom('digest_reports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (query.cursor) {
        const [createdAt, id] = decodeCursor(query.cursor);
        q = q.where((eb) =>
          eb.or([
            eb('created_at', '<', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
          ]),
        );
      }
      const rows = await q.execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        reports: page.map(toSummary),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    async getReport(userId: string, id: string): Promise<DigestReport> {
      await gate(userId);
      const row = await db
        .selectFrom('digest_reports')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'report_not_found', 'No such report in your account.');
      return { ...toSummary(row), html: row.html, data: JSON.parse(row.data) as DigestData };
    },

    async preview(userId: string) {
      await gate(userId);
      const r = await recipient(userId);
      const now = clock.now();
      if (!(await claimPreview(db, userId, now, PREVIEW_INTERVAL_MS))) {
        throw new ApiError(
          429,
          'preview_rate_limited',
          'A preview was sent less than a minute ago. Try again shortly.',
          {
            'Retry-After': String(Math.ceil(((r.lastPreviewAt ?? now) + PREVIEW_INTERVAL_MS - now) / 1000)),
          },
        );
      }
      const data = await sendPreviewDigest(deps, r, currentPeriod(r, now));
      return { sentTo: r.email, periodStart: data.periodStart, periodEnd: data.periodEnd };
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
