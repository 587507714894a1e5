// A workspace's members: who they are, their role, when they joined and were last active; role
// changes and removals. The owner keeps their role and membership (a transfer is its own action).
// Every change is told to the event bus: the person's open streams end at once, in any process.
import type { Kysely } from 'kysely';
import type { KeysOnRemoval, Member, WorkspaceRole } from '../../core/api/workspaces.ts';
import { settlePersonKeys } from '../api-keys/person-keys.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import { authDateMs } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import { publishAccessChange } from '../platform/events/access-changes.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

export function createMemberService(db: Kysely<Database>, clock: Clock, events: EventBus) {
  async function find(workspaceId: string, userId: string) {
    const row = await db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['member.id', 'member.role', 'user.name'])
      .where('member.organizationId', '=', workspaceId)
      .where('member.userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', 'No such member in this workspace.');
    if (row.role === 'owner') {
      throw new ApiError(
        409,
        'owner_fixed',
        "The workspace's owner keeps their role; transfer the workspace first.",
      );
    }
    return row;
  }

  return {
    async list(workspaceId: string): Promise<Member[]> {
      const rows = await db
        .selectFrom('member')
        .innerJoin('user', 'user.id', 'member.userId')
        .select((eb) => [
          'member.userId',
          'member.role',
          'member.createdAt',
          'user.name',
          'user.email',
          eb
            .selectFrom('session')
            .select((s) => s.fn.max('session.updatedAt').as('at'))
            .whereRef('session.userId', '=', 'member.userId')
            .as('lastActiveAt'),
        ])
        .where('member.organizationId', '=', workspaceId)
        .orderBy('member.createdAt')
        .execute();
      return rows.map((row) => ({
        userId: row.userId,
        name: row.name,
        email: row.email,
        role: row.role,
        joinedAt: authDateMs(row.createdAt),
        lastActiveAt: row.lastActiveAt ? authDateMs(row.lastActiveAt) : null,
      }));
    },

    async changeRole(caller: Caller, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<void> {
      const member = await find(caller.workspaceId, userId);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('member').set({ role }).where('id', '=', member.id).execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'member.role',
          resource: { id: userId, name: `${member.name} (${member.role} → ${role})` },
        });
      });
      publishAccessChange(events, { workspaceId: caller.workspaceId, personId: userId });
    },

    /**
     * Removes a member; their sessions working in the workspace go back to their personal one and
     * their API keys are revoked, or handed to the owner when the remover chose so.
     */
    async remove(caller: Caller, userId: string, apiKeys: KeysOnRemoval = 'revoke'): Promise<void> {
      const { workspaceId } = caller;
      const member = await find(workspaceId, userId);
      // Keys someone takes with them would keep working after they left: only a remover hands over.
      if (apiKeys === 'hand_over' && userId === caller.actorId)
        throw new ApiError(
          422,
          'hand_over_own_keys',
          'Leaving revokes your API keys; the owner or an admin may hand a member’s keys over when removing them.',
        );
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await settlePersonKeys(tx, caller, userId, apiKeys, now);
        await tx.deleteFrom('member').where('id', '=', member.id).execute();
        await tx
          .updateTable('session')
          .set({ activeOrganizationId: userId })
          .where('userId', '=', userId)
          .where('activeOrganizationId', '=', workspaceId)
          .execute();
        await recordAudit(tx, caller, now, {
          action: userId === caller.actorId ? 'member.leave' : 'member.remove',
          resource: { id: userId, name: member.name },
        });
      });
      publishAccessChange(events, { workspaceId, personId: userId });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
