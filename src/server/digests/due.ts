// Which users the digest job looks at on a poll: those whose settings row's next_send_at has
// come (migration 0021's index), never every user. After a look, the row moves on to the next
// send time; a row the look failed on stays due and is tried again on the next poll.
import type { Kysely } from 'kysely';
import { nextSendAt } from '../../core/digest-periods.ts';
import type { Database } from '../platform/db/schema.ts';
import { RECIPIENT_COLUMNS, type Recipient, toRecipient } from './settings.ts';

export interface DueCursor {
  at: number;
  userId: string;
}

export interface DueDigest {
  recipient: Recipient;
  /** The next_send_at it was found with, so moving it on cannot undo a change made meanwhile. */
  cursor: DueCursor;
}

/** The due rows after `after` (in next_send_at, user order), with their owners; tests explain it. */
export function dueDigestsQuery(
  db: Kysely<Database>,
  { now, after, limit }: { now: number; after: DueCursor | null; limit: number },
) {
  let query = db
    .selectFrom('digest_settings')
    .innerJoin('user', 'user.id', 'digest_settings.user_id')
    .select([...RECIPIENT_COLUMNS, 'digest_settings.next_send_at'])
    .where('digest_settings.next_send_at', '<=', now);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('digest_settings.next_send_at', '>', after.at),
        eb.and([
          eb('digest_settings.next_send_at', '=', after.at),
          eb('digest_settings.user_id', '>', after.userId),
        ]),
      ]),
    );
  }
  return query.orderBy('digest_settings.next_send_at').orderBy('digest_settings.user_id').limit(limit);
}

export async function listDueDigests(
  db: Kysely<Database>,
  options: Parameters<typeof dueDigestsQuery>[1],
): Promise<DueDigest[]> {
  const rows = await dueDigestsQuery(db, options).execute();
  return rows.map((row) => ({
    recipient: toRecipient(row),
    cursor: { at: Number(row.next_send_at), userId: row.id },
  }));
}

/** After a look at `now`: the next send time, unless the row changed since it was found due. */
export async function moveOn(db: Kysely<Database>, due: DueDigest, now: number): Promise<void> {
  await db
    .updateTable('digest_settings')
    .set({ next_send_at: nextSendAt(due.recipient, now) })
    .where('user_id', '=', due.cursor.userId)
    .where('next_send_at', '=', due.cursor.at)
    .execute();
}
