import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Button } from './ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface text-muted">
        <Compass className="size-7" aria-hidden />
      </span>
      <p className="mt-5 font-mono text-sm text-muted">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-muted">The page you are looking for does not exist or has been moved.</p>
      <div className="mt-6 flex gap-3">
        <Button asChild variant="secondary">
          <Link to="/">Home</Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
