import { Link } from '@tanstack/react-router';
import { LockKeyhole } from 'lucide-react';
import { Button } from '../ui/button';

export function SignedOutView() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <LockKeyhole className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-xl font-semibold">Sign in to access the dashboard</h1>
      <p className="mt-2 text-sm text-muted">
        Your monitors, incidents and settings are waiting behind your account.
      </p>
      <div className="mt-6 flex gap-3">
        <Button asChild>
          <Link to="/signin">Sign In</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/signup">Create Account</Link>
        </Button>
      </div>
    </div>
  );
}
