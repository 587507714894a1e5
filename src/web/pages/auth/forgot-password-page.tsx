import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { field } from './use-auth-form';

const BACK_TO_SIGN_IN = (
  <>
    Remembered it?{' '}
    <Link to="/signin" className="font-medium text-accent hover:underline">
      Sign in
    </Link>
  </>
);

/** /forgot-password: asks for the account's email and mails a reset link, if there is an account. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const email = field(new FormData(event.currentTarget), 'email').trim();
    try {
      const { error: refused } = await authClient.requestPasswordReset({ email });
      if (refused) setError(authErrorMessage(refused, 'Could not send the reset link. Try again.'));
      else setSentTo(email);
    } catch (caught) {
      console.error('Password reset request failed', caught);
      setError('Could not reach the server. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  if (sentTo !== null) return <CheckYourMail email={sentTo} onRetry={() => setSentTo(null)} />;

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will mail you a link to set a new password."
      footer={BACK_TO_SIGN_IN}
      social={false}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field>
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" autoFocus required />
        </Field>
        <FormError>{error}</FormError>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? <Spinner className="size-4 text-accent-fg" label="Sending the link" /> : null}
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}

/** The same words whether or not the address has an account: the page never tells which. */
function CheckYourMail({ email, onRetry }: { email: string; onRetry(): void }) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);

  return (
    <AuthCard
      title="Check your email"
      subtitle="The link works once, for one hour."
      footer={BACK_TO_SIGN_IN}
      social={false}
    >
      <div ref={message} role="status" tabIndex={-1} className="flex flex-col gap-4 text-sm outline-none">
        <p>
          If an account exists for <strong className="font-medium break-all">{email}</strong>, we have sent it
          a link to reset the password.
        </p>
        <p className="text-muted">
          Nothing after a few minutes? Check the spam folder, or ask again with the address you signed up
          with.
        </p>
      </div>
      <Button variant="secondary" className="mt-6 w-full" onClick={onRetry}>
        Use another email
      </Button>
    </AuthCard>
  );
}
