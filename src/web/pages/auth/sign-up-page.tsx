import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { authClient } from '../../lib/auth-client';
import { browserTimeZone } from '../../lib/time-zones';
import { AuthCard } from './auth-card';
import { field, useAuthForm } from './use-auth-form';

export function SignUpPage() {
  const { error, pending, onSubmit } = useAuthForm(
    (form) =>
      authClient.signUp.email({
        name: field(form, 'name'),
        email: field(form, 'email'),
        password: field(form, 'password'),
        timezone: browserTimeZone(),
      }),
    'Could not create your account.',
  );

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
          <Input id="email" name="email" type="email" autoComplete="email" required />
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
