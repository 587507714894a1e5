// A workspace's own settings, kept in its organization row's metadata (better-auth's free-form
// JSON field): its name lives in the row itself.
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Caller, SessionUser } from '../http/session.ts';

export interface WorkspaceSettings {
  /** Every member must sign in with a second factor to work here. */
  requireTwoFactor: boolean;
}

export function workspaceSettings(metadata: string | null): WorkspaceSettings {
  try {
    const parsed = metadata ? (JSON.parse(metadata) as Partial<WorkspaceSettings>) : {};
    return { requireTwoFactor: parsed.requireTwoFactor === true };
  } catch {
    return { requireTwoFactor: false };
  }
}

export async function updateWorkspace(
  db: Kysely<Database>,
  caller: Caller,
  owner: SessionUser,
  change: { name?: string | undefined; requireTwoFactor?: boolean | undefined },
  now: number,
): Promise<void> {
  const { workspaceId } = caller;
  if (change.requireTwoFactor && !owner.twoFactorEnabled) {
    throw new ApiError(
      409,
      'two_factor_first',
      'Turn on two-factor sign-in for yourself (Settings → User Settings) before requiring it of everyone.',
    );
  }
  const row = await db
    .selectFrom('organization')
    .select(['metadata', 'name'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const settings = workspaceSettings(row.metadata);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('organization')
      .set({
        ...(change.name ? { name: change.name } : {}),
        metadata: JSON.stringify({
          ...settings,
          ...(change.requireTwoFactor === undefined ? {} : { requireTwoFactor: change.requireTwoFactor }),
        }),
      })
      .where('id', '=', workspaceId)
      .execute();
    await recordAudit(tx, caller, now, {
      action: 'workspace.update',
      resource: { id: workspaceId, name: change.name || row.name },
    });
  });
}
