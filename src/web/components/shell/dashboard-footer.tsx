import { Link } from '@tanstack/react-router';

const LINK = 'hover:text-fg';

export function DashboardFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label="Footer" className="flex gap-5">
          <Link to="/dashboard" className={LINK}>
            Dashboard
          </Link>
          <Link to="/pricing" className={LINK}>
            Pricing
          </Link>
          <Link to="/dashboard/settings" className={LINK}>
            Settings
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} Upwatch</p>
      </div>
    </footer>
  );
}
