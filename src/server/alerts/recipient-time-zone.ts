// The time zone a mail's times are written in: its recipient's, as their profile sets it, when
// the address is a member's; else the workspace owner's; UTC for anyone else.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

export async function recipientTimeZone(
  db: Kysely<Database>,
  workspaceId: string,
  address: string | null,
): Promise<string> {
  const members = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['user.email', 'user.timezone', 'member.role'])
    .where('member.organizationId', '=', workspaceId)
    .execute();
  const wanted = address?.toLowerCase();
  const recipient =
    members.find((member) => member.email.toLowerCase() === wanted) ??
    members.find((member) => member.role === 'owner');
  return recipient?.timezone ?? 'UTC';
}
