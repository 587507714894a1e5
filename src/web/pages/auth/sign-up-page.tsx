import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { apiSend } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { forgetInvitation, pendingInvitation } from '../../lib/pending-invitation';
import { browserTimeZone } from '../../lib/time-zones';
import { AuthCard } from './auth-card';
import { field, useAuthForm } from './use-auth-form';

/**
 * Joins the invitation the new account was made for. Refused (expired meanwhile, say), it stays
 * remembered, so the sign-up lands on its page, which says why.
 */
async function acceptInvitation(token: string): Promise<void> {
  try {
    await apiSend('POST', '/api/v1/workspace/invitations/accept', { token });
    forgetInvitation();
  } catch {
    // The invitation page explains the refusal.
  }
}

export function SignUpPage() {
  // Opened from an invitation link: the account is made for the invited address, and joins.
  const [invitation] = useState(pendingInvitation);
  const invitedEmail = invitation?.email ?? null;
  const { error, pending, onSubmit } = useAuthForm(async (form) => {
    const result = await authClient.signUp.email({
      name: field(form, 'name'),
      email: field(form, 'email'),
      password: field(form, 'password'),
      timezone: browserTimeZone(),
    });
    if (!result.error && invitation) await acceptInvitation(invitation.token);
    return result;
  }, 'Could not create your account.');

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start monitoring in under a minute. No credit card required."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-medium text-accent hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field>
          <Label htmlFor="name">Name</Label>
          <Input id="name" name="name" autoComplete="name" required />
        </Field>
        <Field>
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={invitedEmail ?? undefined}
            readOnly={invitedEmail !== null}
            aria-describedby={invitedEmail ? 'email-invited' : undefined}
          />
          {invitedEmail ? (
            <p id="email-invited" className="text-xs text-muted">
              Your invitation is for this address; you join its workspace once the account is made.
            </p>
          ) : null}
        </Field>
        <Field>
          <Label htmlFor="password">Password</Label>
          <Input id="password" name="password" type="password" autoComplete="new-password" required />
          <p className="text-xs text-muted">At least 8 characters.</p>
        </Field>
        <FormError>{error}</FormError>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? <Spinner className="size-4 text-accent-fg" label="Creating account" /> : null}
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
