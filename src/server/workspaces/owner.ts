// A workspace's owner: where its own mail goes (the default alert address, the billing customer).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

export interface WorkspaceOwner {
  id: string;
  name: string;
  email: string;
}

export async function workspaceOwner(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspaceOwner | undefined> {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['user.id', 'user.name', 'user.email'])
    .where('member.organizationId', '=', workspaceId)
    .where('member.role', '=', 'owner')
    .executeTakeFirst();
}
