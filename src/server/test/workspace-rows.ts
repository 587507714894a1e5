// Puts a test user into another person's workspace with a role, as an accepted invitation does,
// and makes it their session's workspace.
import type { Kysely } from 'kysely';
import type { WorkspaceRole } from '../../core/api/workspaces.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { authDate } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';

export async function joinWorkspace(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await db
    .insertInto('member')
    .values({
      id: `${workspaceId}-${userId}`,
      organizationId: workspaceId,
      userId,
      role,
      createdAt: authDate(dialect, Date.now()),
    })
    .execute();
  await db
    .updateTable('session')
    .set({ activeOrganizationId: workspaceId })
    .where('userId', '=', userId)
    .execute();
}
