import { Link, Outlet } from '@tanstack/react-router';
import { useSession } from '../lib/session';
import { GuestActions } from './guest-actions';
import { Logo } from './logo';
import { MAIN_ID, SkipLink } from './shell/skip-link';
import { Button } from './ui/button';

export function PublicLayout() {
  const { data: session } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-bg/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Upwatch home">
            <Logo />
          </Link>
          <nav aria-label="Main" className="flex min-w-0 items-center gap-1 sm:gap-2">
            {/* Below 640 px the footer's Pricing link stays: the header keeps to the width of a 320 px screen. */}
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <Link to="/pricing">Pricing</Link>
            </Button>
            {session ? (
              <Button asChild size="sm">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
            ) : (
              <GuestActions />
            )}
          </nav>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <Logo className="text-fg" />
          <nav aria-label="Footer" className="flex gap-5">
            <Link to="/pricing" className="hover:text-fg">
              Pricing
            </Link>
            <Link to="/signin" className="hover:text-fg">
              Sign in
            </Link>
            <Link to="/signup" className="hover:text-fg">
              Sign up
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
