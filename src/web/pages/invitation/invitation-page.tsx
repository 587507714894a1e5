import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { InvitationPreview } from '../../../core/api/workspaces';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { apiGet, apiSend } from '../../lib/api';
import { rememberInvitation } from '../../lib/pending-invitation';
import { useSession } from '../../lib/session';
import { startOverInWorkspace } from '../../lib/workspaces';

const CLOSED: Record<Exclude<InvitationPreview['state'], 'pending'>, string> = {
  expired: 'This invitation has expired. Ask for a new one.',
  revoked: 'This invitation was revoked. Ask for a new one.',
  accepted: 'This invitation has already been used.',
};

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <div className="rounded-ui border border-border bg-bg p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-4 flex flex-col gap-4 text-sm">{children}</div>
      </div>
    </div>
  );
}

/** /invitation/$token: what the mailed link offers, and joining, signed in or after signing up. */
export function InvitationPage() {
  const { token } = useParams({ from: '/public/invitation/$token' });
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiGet<InvitationPreview>(`/api/v1/workspace/invitations/${encodeURIComponent(token)}`, signal),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () =>
      apiSend<{ workspaceId: string }>('POST', '/api/v1/workspace/invitations/accept', { token }),
    onSuccess: async () => {
      // Everything on screen belonged to the workspace the session worked in before.
      await startOverInWorkspace(queryClient);
      await navigate({ to: '/dashboard' });
    },
  });

  if (invitation.isPending || session.isPending) return <PageSpinner />;
  if (invitation.isError) {
    return (
      <Card title="Invitation not found">
        <p className="text-muted">{invitation.error.message}</p>
      </Card>
    );
  }
  const { workspaceName, invitedBy, email, role, state } = invitation.data;
  if (state !== 'pending') {
    return (
      <Card title={`Join ${workspaceName}`}>
        <p>{CLOSED[state]}</p>
      </Card>
    );
  }
  const signedIn = session.data?.user;
  return (
    <Card title={`Join ${workspaceName}`}>
      <p>
        {invitedBy} invited <strong>{email}</strong> to {workspaceName} on Upwatch as{' '}
        {role === 'admin' ? 'an admin' : `a ${role}`}.
      </p>
      {signedIn ? (
        <>
          <FormError>{accept.error?.message ?? null}</FormError>
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            Join {workspaceName}
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted">Create an account or sign in with {email} to join.</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/signup" onClick={() => rememberInvitation(token, email)}>
                Create account
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/signin" onClick={() => rememberInvitation(token, email)}>
                Sign in
              </Link>
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
