// The page owner's side: list a page's subscribers (with the page's plan limit), export them as
// CSV, remove one. Every query is scoped by the workspace; another workspace's page is a 404.
import type { Kysely } from 'kysely';
import {
  SUBSCRIBER_CSV_HEADER,
  type Subscriber,
  type SubscriberList,
} from '../../../core/api/subscribers.ts';
import { PLANS } from '../../../core/plans.ts';
import { recordAudit } from '../../audit/record.ts';
import type { EntitlementsHelper } from '../../billing/plan-summary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { StatusPageSubscriberTable } from '../../platform/db/subscriber-schema.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { getOwnedPageRow } from '../repository.ts';

export interface OwnerServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'planSummary'>;
}

function toSubscriber(row: StatusPageSubscriberTable): Subscriber {
  return {
    id: row.id,
    kind: row.kind,
    address: row.address,
    confirmed: row.confirmed_at !== null,
    monitorIds: row.monitor_ids ? (JSON.parse(row.monitor_ids) as string[]) : null,
    createdAt: Number(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
  };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet; a quote mark keeps it text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function subscribersCsv(subscribers: readonly Subscriber[]): string {
  const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());
  const lines = subscribers.map((s) =>
    [
      s.kind,
      s.address,
      s.confirmed ? 'yes' : 'no',
      (s.monitorIds ?? []).join(' '),
      iso(s.createdAt),
      iso(s.confirmedAt),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[SUBSCRIBER_CSV_HEADER, ...lines].join('\r\n')}\r\n`;
}

export function createSubscriberOwnerService({ db, clock, entitlements }: OwnerServiceDeps) {
  return {
    async list(workspaceId: string, pageId: string): Promise<SubscriberList> {
      await getOwnedPageRow(db, workspaceId, pageId);
      const rows = await db
        .selectFrom('status_page_subscribers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('status_page_id', '=', pageId)
        .orderBy('id')
        .execute();
      const subscribers = rows.map(toSubscriber);
      const limit = PLANS[(await entitlements.planSummary(workspaceId)).plan].limits.subscribersPerPage;
      return {
        count: subscribers.length,
        confirmed: subscribers.filter((s) => s.confirmed).length,
        limit: typeof limit === 'number' ? limit : null,
        subscribers,
      };
    },

    async delete(caller: Caller, pageId: string, subscriberId: string): Promise<void> {
      const page = await getOwnedPageRow(db, caller.workspaceId, pageId);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('status_page_subscribers')
          .where('id', '=', subscriberId)
          .where('status_page_id', '=', pageId)
          .where('workspace_id', '=', caller.workspaceId)
          .returning('id')
          .executeTakeFirst();
        if (!row) {
          throw new ApiError(404, 'subscriber_not_found', 'No subscriber with that id on this status page.');
        }
        await recordAudit(tx, caller, now, {
          action: 'status_page.subscriber_remove',
          resource: { id: pageId, name: page.name },
        });
      });
    },
  };
}

export type SubscriberOwnerService = ReturnType<typeof createSubscriberOwnerService>;
