import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ASSIGNABLE_ROLES, type Member } from '../../../../core/api/workspaces';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { membersQueryOptions, useMemberActions } from '../../../lib/members';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/use-time-zone';
import { startOverInWorkspace, useActiveWorkspace, useCan } from '../../../lib/workspaces';
import { RemoveMemberDialog } from './remove-member-dialog';
import { WorkspaceOwnershipCard } from './workspace-ownership-card';
import { WorkspaceSettingsCard } from './workspace-settings-card';

type Assignable = (typeof ASSIGNABLE_ROLES)[number];
const ROLE_LABELS: Record<Member['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/**
 * A row's controls keep to the right of its name and email, whatever the address's length: the
 * details column truncates instead, and on a phone the controls stack rather than wrap below.
 */
const ROW_ACTIONS = 'flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((value) => (
  <option key={value} value={value}>
    {ROLE_LABELS[value]}
  </option>
));

function InviteForm() {
  const { invite } = useMemberActions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Assignable>('member');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field className="flex-1">
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field>
        <Label htmlFor="invite-role">Role</Label>
        <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Assignable)}>
          {ROLE_OPTIONS}
        </NativeSelect>
      </Field>
      <Button type="submit" disabled={invite.isPending}>
        Invite
      </Button>
      <FormError>{invite.error?.message ?? null}</FormError>
    </form>
  );
}

/** Settings → Members: who belongs to the workspace, with which role; invitations waiting. */
export function MembersTab() {
  const workspace = useActiveWorkspace();
  const manage = useCan('manageMembers');
  const ownsWorkspace = useCan('manageWorkspace');
  const me = useSession().data?.user.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = () =>
    me &&
    actions.remove.mutate(
      { userId: me },
      {
        // Back in their own workspace: nothing loaded so far is theirs to see any more.
        onSuccess: async () => {
          await navigate({ to: '/dashboard' });
          await startOverInWorkspace(queryClient);
        },
      },
    );
  const [removing, setRemoving] = useState<Member | null>(null);
  const timeZone = useTimeZone();
  const list = useQuery(membersQueryOptions);
  const actions = useMemberActions();
  if (list.isPending) return <PageSpinner />;
  if (list.isError) return <FormError>{`We couldn't load the members. ${list.error.message}`}</FormError>;
  const { members, invitations } = list.data;
  const failure = [actions.changeRole, actions.remove, actions.resend, actions.revoke].find(
    (a) => a.error,
  )?.error;

  return (
    <div className="flex flex-col gap-6">
      {ownsWorkspace && workspace ? <WorkspaceSettingsCard workspace={workspace} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Members of {workspace?.name ?? 'this workspace'}</CardTitle>
          <CardDescription>
            Everyone here sees the same monitors. Members are unlimited on every plan.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {manage ? <InviteForm /> : null}
          <FormError>{failure?.message ?? null}</FormError>
          <ul aria-label="Members" className="divide-y divide-border">
            {members.map((member) => (
              <li key={member.userId} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{member.name}</p>
                  <p className="truncate text-sm text-muted" title={member.email}>
                    {member.email}
                  </p>
                  <p className="text-sm text-muted">
                    {member.lastActiveAt
                      ? `Last active ${formatDate(member.lastActiveAt, timeZone)}`
                      : 'Not active yet'}
                  </p>
                </div>
                <div className={ROW_ACTIONS}>
                  {manage && member.role !== 'owner' ? (
                    <>
                      <NativeSelect
                        aria-label={`Role of ${member.name}`}
                        className="w-auto"
                        value={member.role}
                        onChange={(e) =>
                          actions.changeRole.mutate({
                            userId: member.userId,
                            role: e.target.value as Assignable,
                          })
                        }
                      >
                        {ROLE_OPTIONS}
                      </NativeSelect>
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    </>
                  ) : (
                    <span className="text-sm text-muted">{ROLE_LABELS[member.role]}</span>
                  )}
                  {member.userId === me && member.role !== 'owner' ? (
                    <Button variant="secondary" size="sm" onClick={leave}>
                      Leave workspace
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {invitations.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Pending invitations" className="divide-y divide-border">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="flex items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{invitation.email}</p>
                    <p className="text-sm text-muted">
                      {ROLE_LABELS[invitation.role]} · invited by {invitation.invitedBy} ·{' '}
                      {invitation.state === 'expired'
                        ? 'expired'
                        : `expires ${formatDate(invitation.expiresAt, timeZone)}`}
                    </p>
                  </div>
                  {manage ? (
                    <div className={ROW_ACTIONS}>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => actions.resend.mutate(invitation.id)}
                      >
                        Resend
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => actions.revoke.mutate(invitation.id)}
                      >
                        Revoke
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <RemoveMemberDialog
        key={removing?.userId ?? 'none'}
        member={removing}
        pending={actions.remove.isPending}
        onRemove={(userId, apiKeys) =>
          actions.remove.mutate({ userId, apiKeys }, { onSettled: () => setRemoving(null) })
        }
        onClose={() => setRemoving(null)}
      />
      {ownsWorkspace && workspace && !workspace.personal ? (
        <WorkspaceOwnershipCard workspace={workspace} members={members} />
      ) : null}
    </div>
  );
}
