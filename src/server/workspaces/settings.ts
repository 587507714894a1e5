// A workspace's own settings, kept in its organization row's metadata (better-auth's free-form
// JSON field): its name lives in the row itself.
import type { Kysely, Transaction } from 'kysely';
import { GROUPING_SECONDS } from '../../core/api/alert-settings.ts';
import { recordAudit } from '../audit/record.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller, SessionUser } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

export interface WorkspaceSettings {
  /** Every member must sign in with a second factor to work here. */
  requireTwoFactor: boolean;
  /** Down and Recovered alerts of monitors failing this close together go out as one; 0: never. */
  alertGroupingSeconds: number;
}

export function workspaceSettings(metadata: string | null): WorkspaceSettings {
  let parsed: Partial<WorkspaceSettings> = {};
  try {
    parsed = metadata ? (JSON.parse(metadata) as Partial<WorkspaceSettings>) : {};
  } catch {
    // A metadata field someone else wrote badly leaves the defaults.
  }
  const grouping = parsed.alertGroupingSeconds;
  return {
    requireTwoFactor: parsed.requireTwoFactor === true,
    alertGroupingSeconds:
      typeof grouping === 'number' && Number.isInteger(grouping) && grouping >= 0
        ? grouping
        : GROUPING_SECONDS.default,
  };
}

export async function readWorkspaceSettings(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
): Promise<WorkspaceSettings> {
  const row = await db
    .selectFrom('organization')
    .select('metadata')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return workspaceSettings(row?.metadata ?? null);
}

/** Writes settings over the stored ones; the caller records the audit entry in the same transaction. */
export async function writeWorkspaceSettings(
  tx: Transaction<Database>,
  workspaceId: string,
  change: Partial<WorkspaceSettings>,
): Promise<void> {
  const current = await readWorkspaceSettings(tx, workspaceId);
  await tx
    .updateTable('organization')
    .set({ metadata: JSON.stringify({ ...current, ...change }) })
    .where('id', '=', workspaceId)
    .execute();
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
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (tx) => {
    if (change.name) {
      await tx.updateTable('organization').set({ name: change.name }).where('id', '=', workspaceId).execute();
    }
    if (change.requireTwoFactor !== undefined) {
      await writeWorkspaceSettings(tx, workspaceId, { requireTwoFactor: change.requireTwoFactor });
    }
    await recordAudit(tx, caller, now, {
      action: 'workspace.update',
      resource: { id: workspaceId, name: change.name || row.name },
    });
  });
}
