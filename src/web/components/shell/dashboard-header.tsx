import { Link } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import type { SessionUser } from '../../lib/auth-client';
import { GuestActions } from '../guest-actions';
import { Logo } from '../logo';
import { Button } from '../ui/button';
import { UserMenu } from './user-menu';
import { WorkspaceName } from './workspace-name';

const NAV_LINK =
  'rounded-ui px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface hover:text-fg';
const NAV_ACTIVE = { className: 'bg-surface text-fg' };

function NavLinks() {
  return (
    <>
      <Link to="/dashboard/monitors" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        Monitors
      </Link>
      <Link to="/dashboard/performance" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        Performance
      </Link>
      <Link to="/dashboard/incidents" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        Incidents
      </Link>
      <Link to="/dashboard/maintenance" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        Maintenance
      </Link>
      {/* Their screens are Settings tabs (SPEC's "Public Status" and "API Documentation"); a
          first-time user looks for them here. */}
      <Link to="/dashboard/settings/groups" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        Status pages
      </Link>
      <Link to="/dashboard/settings/api" className={NAV_LINK} activeProps={NAV_ACTIVE}>
        API keys
      </Link>
    </>
  );
}

export function DashboardHeader({ user }: { user: SessionUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/dashboard" aria-label="Upwatch dashboard">
          <Logo />
        </Link>
        {user ? <WorkspaceName /> : null}
        {user ? (
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            <NavLinks />
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <Button asChild variant="ghost" size="icon">
                <Link
                  to="/dashboard/settings"
                  aria-label="Settings"
                  activeProps={{ className: 'bg-surface' }}
                >
                  <Settings className="size-5" aria-hidden />
                </Link>
              </Button>
              <UserMenu user={user} />
            </>
          ) : (
            <GuestActions />
          )}
        </div>
      </div>
      {user ? (
        <nav
          aria-label="Main"
          // Wrapped, not scrolled: every entry stays whole on a 320 px screen.
          className="flex flex-wrap gap-1 border-t border-border px-2 py-1.5 lg:hidden"
        >
          <NavLinks />
        </nav>
      ) : null}
    </header>
  );
}
