// Expands a notice into one delivery per confirmed subscriber of the workspace's published pages
// that show a monitor it touches (and, for a subscriber who chose monitors, one of theirs). A page
// of subscribers per pass, resumed from a cursor; the unique (notice, subscriber) index makes a
// repeated pass harmless, so every subscriber gets exactly one.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../platform/db/schema.ts';
import type { StatusPageDeliveryTable, StatusPageNoticeTable } from '../../platform/db/subscriber-schema.ts';
import type { NoticePayload } from './notices.ts';

export const FANOUT_BATCH = 500;

/** The per-poll statement: notices due for expansion, oldest first (job-query-plans.test.ts). */
export function dueNoticesQuery(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('status_page_notices')
    .selectAll()
    .where('fanout_at', '<=', now)
    .orderBy('fanout_at')
    .limit(limit);
}

const parseIds = (json: string | null): string[] | null => (json ? (JSON.parse(json) as string[]) : null);

/** A held "opened" notice whose incident was folded into its upstream's has nothing to say. */
async function stillStands(db: Kysely<Database>, notice: StatusPageNoticeTable): Promise<boolean> {
  const payload = JSON.parse(notice.payload) as NoticePayload;
  if (!('incident' in payload)) return true;
  const row = await db
    .selectFrom('incidents')
    .select('id')
    .where('id', '=', payload.incident.id)
    .executeTakeFirst();
  return row !== undefined;
}

function pagesShowing(db: Kysely<Database>, notice: StatusPageNoticeTable) {
  const monitorIds = parseIds(notice.monitor_ids);
  return db
    .selectFrom('status_pages')
    .select('status_pages.id')
    .where('status_pages.workspace_id', '=', notice.workspace_id)
    .where('status_pages.published', '=', 1)
    .where((eb) => {
      let shown = eb
        .selectFrom('status_page_monitors')
        .select('status_page_monitors.monitor_id')
        .whereRef('status_page_monitors.status_page_id', '=', 'status_pages.id');
      if (monitorIds) shown = shown.where('status_page_monitors.monitor_id', 'in', monitorIds);
      return eb.exists(shown);
    });
}

/** Expands the next page of subscribers; the notice is done once a page comes back short. */
export async function expandNotice(db: Kysely<Database>, notice: StatusPageNoticeTable, now: number) {
  const touched = parseIds(notice.monitor_ids);
  const subscribers = (await stillStands(db, notice))
    ? await db
        .selectFrom('status_page_subscribers')
        .select(['id', 'monitor_ids'])
        .where('workspace_id', '=', notice.workspace_id)
        .where('status_page_id', 'in', pagesShowing(db, notice))
        // Subscribers who confirmed after the event hear from the next one.
        .where('confirmed_at', '<=', notice.created_at)
        .$if(notice.fanout_cursor !== null, (qb) => qb.where('id', '>', notice.fanout_cursor ?? ''))
        .orderBy('id')
        .limit(FANOUT_BATCH)
        .execute()
    : [];
  const rows: StatusPageDeliveryTable[] = subscribers
    .filter((subscriber) => {
      const chosen = parseIds(subscriber.monitor_ids);
      return chosen === null || touched === null || chosen.some((id) => touched.includes(id));
    })
    .map((subscriber) => ({
      id: uuidv7(),
      workspace_id: notice.workspace_id,
      subscriber_id: subscriber.id,
      notice_id: notice.id,
      kind: notice.kind,
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      sent_at: null,
      last_error: null,
      created_at: now,
    }));
  const more = subscribers.length === FANOUT_BATCH;
  await db.transaction().execute(async (tx) => {
    if (rows.length > 0) {
      await tx
        .insertInto('status_page_deliveries')
        .values(rows)
        .onConflict((oc) => oc.columns(['notice_id', 'subscriber_id']).doNothing())
        .execute();
    }
    await tx
      .updateTable('status_page_notices')
      .set({
        fanout_cursor: subscribers.at(-1)?.id ?? notice.fanout_cursor,
        fanout_at: more ? now : null,
      })
      .where('id', '=', notice.id)
      .execute();
  });
  return more;
}
