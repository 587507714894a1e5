import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { FlaskConical } from 'lucide-react';
import { Logo } from '../../components/logo';
import { SignedOutView } from '../../components/shell/signed-out';
import { sessionQueryOptions } from '../../lib/session';

/** The frame of the sandbox provider's pages; the header stays off printed invoices. */
export function BillingLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  return (
    <div className="flex min-h-screen flex-col bg-surface/50 print:bg-bg">
      <header className="border-b border-border bg-bg print:hidden">
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4 sm:px-6">
          <Link to="/dashboard" aria-label="Upwatch dashboard">
            <Logo />
          </Link>
          <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-2.5 py-0.5 text-xs font-medium text-warning">
            <FlaskConical className="size-3.5" aria-hidden />
            Test mode
          </span>
          {session ? (
            <nav className="ml-auto flex items-center gap-4 text-sm">
              <Link to="/billing/portal" className="text-muted hover:text-fg">
                Billing
              </Link>
              <Link to="/dashboard" className="text-muted hover:text-fg">
                Dashboard
              </Link>
            </nav>
          ) : null}
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 print:p-0">
        {session ? <Outlet /> : <SignedOutView />}
      </main>
    </div>
  );
}
