// Status page subscribers written straight to the database, as a sign-up would leave them, for
// tests that need many, or one with a known id.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../platform/db/schema.ts';
import type { StatusPageSubscriberTable } from '../platform/db/subscriber-schema.ts';

export function subscriberRow(
  workspaceId: string,
  pageId: string,
  overrides: Partial<StatusPageSubscriberTable> = {},
): StatusPageSubscriberTable {
  const id = overrides.id ?? uuidv7();
  return {
    id,
    workspace_id: workspaceId,
    status_page_id: pageId,
    kind: 'email',
    address: `reader-${id}@example.test`,
    monitor_ids: null,
    language: null,
    confirmed_at: null,
    created_at: 0,
    ...overrides,
  };
}

export async function insertSubscriber(
  db: Kysely<Database>,
  workspaceId: string,
  pageId: string,
  id: string = uuidv7(),
): Promise<string> {
  await db
    .insertInto('status_page_subscribers')
    .values(subscriberRow(workspaceId, pageId, { id }))
    .execute();
  return id;
}

/** A published page with subscribers who were all told about one event long ago (query plan seeds). */
export async function insertToldSubscribers(
  db: Kysely<Database>,
  workspaceId: string,
  slug: string,
  at: number,
  count = 5,
): Promise<void> {
  const pageId = uuidv7();
  await db
    .insertInto('status_pages')
    .values({
      id: pageId,
      workspace_id: workspaceId,
      name: slug,
      slug,
      description: null,
      logo_url: null,
      accent_color: null,
      published: 1,
      show_response_times: 0,
      remove_branding: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const subscribers = Array.from({ length: count }, () =>
    subscriberRow(workspaceId, pageId, { created_at: at, confirmed_at: at }),
  );
  await db.insertInto('status_page_subscribers').values(subscribers).execute();
  const noticeId = uuidv7();
  await db
    .insertInto('status_page_notices')
    .values({
      id: noticeId,
      workspace_id: workspaceId,
      kind: 'incident.opened',
      monitor_ids: null,
      payload: '{}',
      created_at: at,
      fanout_at: null,
      fanout_cursor: subscribers.at(-1)?.id ?? null,
    })
    .execute();
  await db
    .insertInto('status_page_deliveries')
    .values(
      subscribers.map((subscriber) => ({
        id: uuidv7(),
        workspace_id: workspaceId,
        subscriber_id: subscriber.id,
        notice_id: noticeId,
        kind: 'incident.opened' as const,
        attempts: 1,
        next_attempt_at: null,
        claimed_until: null,
        sent_at: at,
        last_error: null,
        created_at: at,
      })),
    )
    .execute();
}
