// Whether an open event stream may go on: the access it was opened with still holds. A cookie
// stream needs its session alive and the same workspace and role; a key stream needs its key
// unrevoked, unexpired, and working with the same role (a key follows its person's role).
import type { Kysely } from 'kysely';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../core/roles.ts';
import { findKeyAccess, keyRoleNow } from '../api-keys/key-access.ts';
import { authDateMs } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import { activeWorkspace } from '../workspaces/active.ts';

export interface StreamHolder {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  sessionId: string | null;
  apiKeyId: string | null;
}

/** The same role or a more trusted one: a promotion takes nothing away, so the stream goes on. */
const keeps = (now: WorkspaceRole | null | undefined, opened: WorkspaceRole) =>
  now != null && WORKSPACE_ROLES.indexOf(now) <= WORKSPACE_ROLES.indexOf(opened);

export async function accessStillHolds(
  db: Kysely<Database>,
  now: number,
  holder: StreamHolder,
): Promise<boolean> {
  if (holder.apiKeyId !== null) {
    const key = await findKeyAccess(db, { id: holder.apiKeyId });
    return key?.workspaceId === holder.workspaceId && keeps(keyRoleNow(key, now), holder.role);
  }
  if (holder.sessionId === null) return false;
  const session = await db
    .selectFrom('session')
    .select(['activeOrganizationId', 'expiresAt'])
    .where('id', '=', holder.sessionId)
    .executeTakeFirst();
  if (!session || authDateMs(session.expiresAt) <= now) return false;
  const access = await activeWorkspace(db, holder.userId, session.activeOrganizationId ?? null);
  return access.id === holder.workspaceId && keeps(access.role, holder.role);
}
