import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { authClient } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';
import { field, useAuthForm } from './use-auth-form';

export function SignInPage() {
  const [needsCode, setNeedsCode] = useState(false);
  const { error, pending, onSubmit } = useAuthForm(async (form) => {
    const result = await authClient.signIn.email({
      email: field(form, 'email'),
      password: field(form, 'password'),
    });
    // Two-factor is on: the password was right and a code comes next.
    const halt = Boolean(result.data && 'twoFactorRedirect' in result.data && result.data.twoFactorRedirect);
    if (halt) setNeedsCode(true);
    return { error: result.error, halt };
  }, 'Invalid email or password');

  if (needsCode) {
    return (
      <AuthCard
        title="Enter your code"
        subtitle="Two-factor sign-in is on for this account."
        footer={
          <Link
            to="/signin"
            onClick={() => setNeedsCode(false)}
            className="font-medium text-accent hover:underline"
          >
            Start over
          </Link>
        }
      >
        <TwoFactorStep />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your Upwatch account."
      footer={
        <>
          New to Upwatch?{' '}
          <Link to="/signup" className="font-medium text-accent hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field>
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </Field>
        <Field>
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor="password">Password</Label>
            <Link to="/forgot-password" className="text-sm font-medium text-accent hover:underline">
              Forgot password?
            </Link>
          </div>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <FormError>{error}</FormError>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? <Spinner className="size-4 text-accent-fg" label="Signing in" /> : null}
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
