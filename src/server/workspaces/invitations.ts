// Invitations to a workspace (issue 18), kept in better-auth's invitation table and timed by the
// app's clock: mailed with a link (…/invitation/{token}), valid seven days, revocable and
// resendable; accepting one makes the person a member and their session work in the workspace.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Invitation, InvitationInput, InvitationPreview } from '../../core/api/workspaces.ts';
import { renderMailHtml, renderMailText } from '../../core/mail-layout.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { authDate, authDateMs } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import type { InvitationTable } from '../platform/db/workspace-schema.ts';
import type { Caller, SessionUser } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

export const INVITATION_VALID_MS = 7 * 86_400_000;

export interface InvitationDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}

type Row = InvitationTable & { inviterName: string };

function stateOf(row: InvitationTable, now: number): Invitation['state'] {
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'canceled' || row.status === 'rejected') return 'revoked';
  return authDateMs(row.expiresAt) <= now ? 'expired' : 'pending';
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitation/${token}`;
}

export function createInvitationService({ db, dialect, clock, mailer, publicUrl }: InvitationDeps) {
  const dateOf = (at: number) => authDate(dialect, at);

  const rows = () =>
    db
      .selectFrom('invitation')
      .innerJoin('user', 'user.id', 'invitation.inviterId')
      .selectAll('invitation')
      .select('user.name as inviterName');

  function toInvitation(row: Row): Invitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role === 'admin' || row.role === 'viewer' ? row.role : 'member',
      state: stateOf(row, clock.now()),
      invitedBy: row.inviterName,
      createdAt: authDateMs(row.createdAt),
      expiresAt: authDateMs(row.expiresAt),
    };
  }

  async function workspaceName(id: string): Promise<string> {
    const row = await db.selectFrom('organization').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? 'a workspace';
  }

  async function mail(row: Row): Promise<void> {
    const name = await workspaceName(row.organizationId);
    const content = {
      heading: `Join ${name} on Upwatch`,
      accent: '#059669',
      paragraphs: [
        `${row.inviterName} invited you to ${name} as ${row.role === 'admin' ? 'an admin' : `a ${row.role}`}.`,
        'The link works for seven days. No account yet? You can create one from the link.',
      ],
      facts: [['Invited address', row.email]] as const,
      button: { label: 'Accept invitation', href: invitationLink(publicUrl, row.id) },
      footer: { text: 'Upwatch', href: publicUrl },
    };
    await mailer.send({
      workspaceId: row.organizationId,
      to: row.email,
      subject: `${row.inviterName} invited you to ${name} on Upwatch`,
      html: renderMailHtml(content),
      text: renderMailText(content),
    });
  }

  async function owned(workspaceId: string, id: string): Promise<Row> {
    const row = await rows()
      .where('invitation.id', '=', id)
      .where('invitation.organizationId', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', 'No such invitation in this workspace.');
    return row as Row;
  }

  return {
    async list(workspaceId: string): Promise<Invitation[]> {
      const found = await rows()
        .where('invitation.organizationId', '=', workspaceId)
        .where('invitation.status', '=', 'pending')
        .orderBy('invitation.createdAt', 'desc')
        .execute();
      return (found as Row[]).map(toInvitation);
    },

    async invite(caller: Caller, input: InvitationInput): Promise<Invitation> {
      const workspace = { id: caller.workspaceId };
      const inviter = { id: caller.actorId, name: caller.actorName };
      const email = input.email.trim().toLowerCase();
      const member = await db
        .selectFrom('member')
        .innerJoin('user', 'user.id', 'member.userId')
        .select('member.id')
        .where('member.organizationId', '=', workspace.id)
        .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email))
        .executeTakeFirst();
      if (member)
        throw new ApiError(409, 'already_member', `${email} is already a member of this workspace.`);
      const now = clock.now();
      const pending = (await rows()
        .where('invitation.organizationId', '=', workspace.id)
        .where('invitation.email', '=', email)
        .where('invitation.status', '=', 'pending')
        .execute()) as Row[];
      if (pending.some((row) => stateOf(row, now) === 'pending')) {
        throw new ApiError(
          409,
          'already_invited',
          `${email} has an invitation waiting; resend or revoke it.`,
        );
      }
      const row: InvitationTable = {
        id: randomBytes(24).toString('base64url'),
        organizationId: workspace.id,
        email,
        role: input.role,
        status: 'pending',
        expiresAt: dateOf(now + INVITATION_VALID_MS),
        createdAt: dateOf(now),
        inviterId: inviter.id,
      };
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('invitation').values(row).execute();
        await recordAudit(tx, caller, now, {
          action: 'invitation.create',
          resource: { id: row.id, name: email },
        });
      });
      const stored = { ...row, inviterName: inviter.name };
      await mail(stored);
      return toInvitation(stored);
    },

    async resend(caller: Caller, id: string): Promise<Invitation> {
      const row = await owned(caller.workspaceId, id);
      if (row.status !== 'pending')
        throw new ApiError(409, 'invitation_closed', 'This invitation was already used or revoked.');
      const now = clock.now();
      const expiresAt = dateOf(now + INVITATION_VALID_MS);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('invitation').set({ expiresAt }).where('id', '=', id).execute();
        await recordAudit(tx, caller, now, {
          action: 'invitation.resend',
          resource: { id, name: row.email },
        });
      });
      const renewed = { ...row, expiresAt };
      await mail(renewed);
      return toInvitation(renewed);
    },

    async revoke(caller: Caller, id: string): Promise<void> {
      const row = await owned(caller.workspaceId, id);
      if (row.status !== 'pending') return;
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('invitation').set({ status: 'canceled' }).where('id', '=', id).execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'invitation.revoke',
          resource: { id, name: row.email },
        });
      });
    },

    /** What the link's page shows, to anyone holding it. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = (await rows().where('invitation.id', '=', token).executeTakeFirst()) as Row | undefined;
      if (!row)
        throw new ApiError(
          404,
          'invitation_not_found',
          'This invitation link is not valid. Ask for a new one.',
        );
      const invitation = toInvitation(row);
      return {
        workspaceName: await workspaceName(row.organizationId),
        invitedBy: row.inviterName,
        email: row.email,
        role: invitation.role,
        state: invitation.state,
      };
    },

    /** Makes the signed-in person a member; their session then works in the workspace. */
    async accept(
      caller: Caller,
      user: SessionUser,
      sessionId: string | null,
      token: string,
    ): Promise<{ workspaceId: string }> {
      const row = (await rows().where('invitation.id', '=', token).executeTakeFirst()) as Row | undefined;
      if (!row)
        throw new ApiError(
          404,
          'invitation_not_found',
          'This invitation link is not valid. Ask for a new one.',
        );
      const state = stateOf(row, clock.now());
      if (state === 'revoked')
        throw new ApiError(410, 'invitation_revoked', 'This invitation was revoked. Ask for a new one.');
      if (state === 'expired')
        throw new ApiError(410, 'invitation_expired', 'This invitation has expired. Ask for a new one.');
      if (row.email !== user.email.toLowerCase()) {
        throw new ApiError(
          403,
          'invitation_other_email',
          `This invitation is for ${row.email}. Sign in with that address to accept it.`,
        );
      }
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const joined = await tx
          .insertInto('member')
          .values({
            id: uuidv7(),
            organizationId: row.organizationId,
            userId: user.id,
            role: toInvitation(row).role,
            createdAt: dateOf(now),
          })
          .onConflict((oc) => oc.columns(['organizationId', 'userId']).doNothing())
          .executeTakeFirst();
        // Recorded in the workspace joined, not the one the person was working in.
        if (Number(joined.numInsertedOrUpdatedRows ?? 0) > 0) {
          await recordAudit(tx, { ...caller, workspaceId: row.organizationId }, now, {
            action: 'invitation.accept',
            resource: { id: row.id, name: row.email },
          });
        }
        await tx.updateTable('invitation').set({ status: 'accepted' }).where('id', '=', row.id).execute();
        if (sessionId) {
          await tx
            .updateTable('session')
            .set({ activeOrganizationId: row.organizationId })
            .where('id', '=', sessionId)
            .execute();
        }
      });
      return { workspaceId: row.organizationId };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
