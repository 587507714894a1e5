// Every person has a personal workspace, made with their account: its id is the user's own, so
// what a person owned before workspaces existed (keyed by their id) is their workspace's.
import type { Kysely } from 'kysely';
import type { Dialect } from '../platform/db/connect.ts';
import { authDate } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';

export function personalWorkspaceName(userName: string): string {
  return `${userName}'s workspace`;
}

export async function createPersonalWorkspace(
  db: Kysely<Database>,
  dialect: Dialect,
  user: { id: string; name: string },
  at: Date,
): Promise<void> {
  const now = authDate(dialect, at);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('organization')
      .values({
        id: user.id,
        name: personalWorkspaceName(user.name),
        slug: user.id,
        logo: null,
        createdAt: now,
        metadata: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx
      .insertInto('member')
      .values({ id: user.id, organizationId: user.id, userId: user.id, role: 'owner', createdAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}

/**
 * Before a person's account goes: the workspaces they own besides their personal one go too when
 * nobody else is in them; one shared with others must be handed over or deleted first (its
 * members would be left without an owner). Returns the names of those shared ones.
 */
export async function releaseOwnedWorkspaces(db: Kysely<Database>, userId: string): Promise<string[]> {
  const owned = await db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select((eb) => [
      'organization.id',
      'organization.name',
      eb
        .selectFrom('member as other')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('other.organizationId', '=', 'organization.id')
        .where('other.userId', '!=', userId)
        .as('others'),
    ])
    .where('member.userId', '=', userId)
    .where('member.role', '=', 'owner')
    .where('organization.id', '!=', userId)
    .execute();
  const shared = owned.filter((workspace) => Number(workspace.others) > 0).map((workspace) => workspace.name);
  if (shared.length > 0) return shared;
  const alone = owned.map((workspace) => workspace.id);
  if (alone.length > 0) await db.deleteFrom('organization').where('id', 'in', alone).execute();
  return [];
}
