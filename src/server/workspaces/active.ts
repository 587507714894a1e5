// Which workspace a signed-in person works in, and with which role: the session's active one if
// they still belong to it, else their personal workspace (whose id is theirs).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { WorkspaceAccess } from '../platform/http/caller.ts';
import { workspaceSettings } from './settings.ts';

export async function activeWorkspace(
  db: Kysely<Database>,
  userId: string,
  activeId: string | null,
): Promise<WorkspaceAccess> {
  const wanted = activeId ?? userId;
  const membership = await db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select(['member.organizationId', 'member.role', 'organization.metadata'])
    .where('member.userId', '=', userId)
    .where('member.organizationId', 'in', wanted === userId ? [userId] : [wanted, userId])
    .execute();
  const row = membership.find((m) => m.organizationId === wanted) ?? membership[0];
  if (!row) return { id: userId, role: 'owner', requireTwoFactor: false };
  return {
    id: row.organizationId,
    role: row.role,
    requireTwoFactor: workspaceSettings(row.metadata).requireTwoFactor,
  };
}
