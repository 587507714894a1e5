import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../lib/auth-client';
import { cn } from '../../lib/cn';
import { AuthCard } from './auth-card';
import { field } from './use-auth-form';

const MIN_LENGTH = 8;
const BACK_TO_SIGN_IN = (
  <Link to="/signin" className="font-medium text-accent hover:underline">
    Back to sign in
  </Link>
);

/** Checked before sending: what is wrong with the new password, in words, or null. */
function problemOf(password: string, confirm: string): string | null {
  if (password.length < MIN_LENGTH) return `Use at least ${MIN_LENGTH} characters.`;
  if (password !== confirm) return 'The two passwords do not match.';
  return null;
}

function FocusedMessage({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className="flex flex-col gap-4 text-sm outline-none">
      {children}
    </div>
  );
}

function LinkProblem({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <AuthCard
      title={title}
      subtitle="Reset links work once, for one hour."
      footer={BACK_TO_SIGN_IN}
      social={false}
    >
      <FocusedMessage>
        <p>{children}</p>
        <Link to="/forgot-password" className={cn(buttonClass(), 'w-full')}>
          Send a new link
        </Link>
      </FocusedMessage>
    </AuthCard>
  );
}

/** /reset-password?token=…: the mailed link's page, where the new password is set. */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/public/reset-password' });
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [error, setError] = useState<{ message: string; field: 'password' | 'confirm' | null } | null>(null);
  const [pending, setPending] = useState(false);

  if (!token) {
    return (
      <LinkProblem title="This link is incomplete">
        Open the link from the mail again, whole, or ask for a new one.
      </LinkProblem>
    );
  }
  if (state === 'invalid') {
    return (
      <LinkProblem title="This link no longer works">
        It has expired or was already used. Ask for a new one below.
      </LinkProblem>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title="Password changed" subtitle="Use it from now on." footer={null} social={false}>
        <FocusedMessage>
          <p>Your new password is set, and every other session was signed out.</p>
          <Link to="/signin" className={cn(buttonClass(), 'w-full')}>
            Sign in
          </Link>
        </FocusedMessage>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = field(form, 'password');
    const problem = problemOf(password, field(form, 'confirm'));
    if (problem) {
      const wrong = password.length < MIN_LENGTH ? 'password' : 'confirm';
      setError({ message: problem, field: wrong });
      // The announcement names the problem; focus goes where it is fixed.
      const input = event.currentTarget.elements.namedItem(wrong);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      const { error: refused } = await authClient.resetPassword({ newPassword: password, token });
      if (!refused) setState('done');
      else if (refused.code === 'INVALID_TOKEN') setState('invalid');
      else setError({ message: authErrorMessage(refused, 'Could not set the password.'), field: null });
    } catch (caught) {
      console.error('Password reset failed', caught);
      setError({ message: 'Could not reach the server. Check your connection and try again.', field: null });
    } finally {
      setPending(false);
    }
  };

  /** The field the error is about is marked invalid and described by the error. */
  const described = (name: 'password' | 'confirm', hint?: string) => {
    const wrong = error?.field === name;
    const ids = [hint, wrong ? 'reset-error' : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': wrong || undefined, 'aria-describedby': ids || undefined };
  };

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose a password you do not use anywhere else."
      footer={BACK_TO_SIGN_IN}
      social={false}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field>
          <Label htmlFor="password">New password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            required
            {...described('password', 'password-hint')}
          />
          <p id="password-hint" className="text-xs text-muted">
            At least {MIN_LENGTH} characters.
          </p>
        </Field>
        <Field>
          <Label htmlFor="confirm">Confirm new password</Label>
          <Input
            id="confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            {...described('confirm')}
          />
        </Field>
        <div id="reset-error">
          <FormError>{error?.message}</FormError>
        </div>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? <Spinner className="size-4 text-accent-fg" label="Setting the password" /> : null}
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
