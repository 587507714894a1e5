import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { LiveUpdates } from '../../lib/live/use-live-updates';
import { sessionQueryOptions } from '../../lib/session';
import { ReadOnlyNotice } from '../role-lock';
import { DashboardFooter } from './dashboard-footer';
import { DashboardHeader } from './dashboard-header';
import { SignedOutView } from './signed-out';
import { MAIN_ID, SkipLink } from './skip-link';
import { TwoFactorGate } from './two-factor-gate';

export function DashboardLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  const user = session?.user ?? null;
  return (
    <div className="flex min-h-screen flex-col bg-surface/50">
      <SkipLink />
      <DashboardHeader user={user} />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        {user ? (
          <TwoFactorGate twoFactorEnabled={Boolean(user.twoFactorEnabled)}>
            <LiveUpdates>
              <ReadOnlyNotice />
              <Outlet />
            </LiveUpdates>
          </TwoFactorGate>
        ) : (
          <SignedOutView />
        )}
      </main>
      <DashboardFooter />
    </div>
  );
}
