// Every person has a personal workspace, made with their account: its id is the user's own, so
// what a person owned before workspaces existed (keyed by their id) is their workspace's.
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import { authDate } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

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
