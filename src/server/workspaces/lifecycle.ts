// Making, handing over and deleting workspaces (issue 18). A person's personal workspace (its id
// is theirs) is made with their account and deleted with it; the others are made here, kept in
// better-auth's organization and member tables, and own what is made in them.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { authDate } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import { publishAccessChange } from '../platform/events/access-changes.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Caller, SessionUser } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

/** Workspaces one person may own besides their personal one. */
export const MAX_OWNED_WORKSPACES = 10;

export interface LifecycleDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** Makes the workspace's billing customer, on the default plan, billed to its owner. */
  onCreated(customer: { id: string; name: string; email: string }): Promise<void>;
  /** Whether the workspace pays for a plan: a paying workspace is cancelled before it is deleted. */
  paidPlan(workspaceId: string): Promise<string | null>;
  /** Hears that a hand-over or a deletion changed who may see the workspace (open streams end). */
  events: EventBus;
}

function personalRefusal(what: string): ApiError {
  return new ApiError(409, 'personal_workspace', `Your personal workspace ${what}`);
}

export function createWorkspaceLifecycle({ db, dialect, clock, onCreated, paidPlan, events }: LifecycleDeps) {
  async function workspaceName(id: string): Promise<string> {
    const row = await db
      .selectFrom('organization')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.name;
  }

  return {
    /** A new workspace owned by the person, which their session then works in. */
    async create(
      caller: Caller,
      user: SessionUser,
      sessionId: string | null,
      name: string,
    ): Promise<{ id: string; name: string }> {
      const { owned } = await db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number>().as('owned'))
        .where('userId', '=', user.id)
        .where('role', '=', 'owner')
        .where('organizationId', '!=', user.id)
        .executeTakeFirstOrThrow();
      if (Number(owned) >= MAX_OWNED_WORKSPACES) {
        throw new ApiError(
          409,
          'workspace_limit_reached',
          `You own ${MAX_OWNED_WORKSPACES} workspaces besides your personal one. Delete one you no longer use.`,
        );
      }
      const id = uuidv7();
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('organization')
          .values({ id, name, slug: id, logo: null, createdAt: authDate(dialect, now), metadata: null })
          .execute();
        await tx
          .insertInto('member')
          .values({
            id: uuidv7(),
            organizationId: id,
            userId: user.id,
            role: 'owner',
            createdAt: authDate(dialect, now),
          })
          .execute();
        if (sessionId) {
          await tx
            .updateTable('session')
            .set({ activeOrganizationId: id })
            .where('id', '=', sessionId)
            .execute();
        }
        await recordAudit(tx, { ...caller, workspaceId: id }, now, {
          action: 'workspace.create',
          resource: { id, name },
        });
      });
      await onCreated({ id, name, email: user.email });
      return { id, name };
    },

    /** The owner hands the workspace to another member and stays on as an admin. */
    async transfer(caller: Caller, toUserId: string): Promise<void> {
      const { workspaceId } = caller;
      if (workspaceId === caller.actorId)
        throw personalRefusal('stays yours; create a workspace to share ownership.');
      const target = await db
        .selectFrom('member')
        .innerJoin('user', 'user.id', 'member.userId')
        .select(['member.id', 'member.role', 'user.name'])
        .where('member.organizationId', '=', workspaceId)
        .where('member.userId', '=', toUserId)
        .executeTakeFirst();
      if (!target || target.role === 'owner') {
        throw new ApiError(404, 'not_found', 'No other member with that id in this workspace.');
      }
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('member').set({ role: 'owner' }).where('id', '=', target.id).execute();
        await tx
          .updateTable('member')
          .set({ role: 'admin' })
          .where('organizationId', '=', workspaceId)
          .where('userId', '=', caller.actorId)
          .execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'workspace.transfer',
          resource: { id: toUserId, name: target.name },
        });
      });
      // The old owner is an admin now: streams opened as the owner end, as on any demotion.
      publishAccessChange(events, { workspaceId, personId: caller.actorId });
    },

    /**
     * Deletes the workspace and everything in it; every session working there goes back to its
     * person's personal workspace. The event is kept in the deleter's personal log, since the
     * workspace's own log goes with it.
     */
    async delete(caller: Caller, confirmation: string): Promise<void> {
      const { workspaceId } = caller;
      if (workspaceId === caller.actorId) {
        throw personalRefusal('is deleted with your account, in Settings → User Settings.');
      }
      const name = await workspaceName(workspaceId);
      if (confirmation.trim() !== name) {
        throw new ApiError(
          422,
          'validation_failed',
          `name: type the workspace's name, ${name}, to delete it.`,
        );
      }
      const plan = await paidPlan(workspaceId);
      if (plan) {
        throw new ApiError(
          409,
          'plan_active',
          `This workspace pays for the ${plan} plan. Cancel it in Settings → Billing & Subscription first.`,
        );
      }
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('session')
          .set((eb) => ({ activeOrganizationId: eb.ref('userId') }))
          .where('activeOrganizationId', '=', workspaceId)
          .execute();
        await tx.deleteFrom('organization').where('id', '=', workspaceId).execute();
        await recordAudit(tx, { ...caller, workspaceId: caller.actorId }, clock.now(), {
          action: 'workspace.delete',
          resource: { id: workspaceId, name },
        });
      });
      publishAccessChange(events, { workspaceId, personId: null });
    },
  };
}

export type WorkspaceLifecycle = ReturnType<typeof createWorkspaceLifecycle>;
