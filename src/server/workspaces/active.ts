// Which workspace a signed-in person works in, and with which role: the session's active one if
// they still belong to it, else their personal workspace (whose id is theirs).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WorkspaceAccess } from '../http/session.ts';

export async function activeWorkspace(
  db: Kysely<Database>,
  userId: string,
  activeId: string | null,
): Promise<WorkspaceAccess> {
  const wanted = activeId ?? userId;
  const membership = await db
    .selectFrom('member')
    .select(['organizationId', 'role'])
    .where('userId', '=', userId)
    .where('organizationId', 'in', wanted === userId ? [userId] : [wanted, userId])
    .execute();
  const row = membership.find((m) => m.organizationId === wanted) ?? membership[0];
  return row ? { id: row.organizationId, role: row.role } : { id: userId, role: 'owner' };
}
