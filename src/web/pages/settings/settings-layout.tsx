import { Outlet, useLocation } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { currentTab, type RouteTab, RouteTabs } from '../../components/ui/route-tabs';

const TABS: RouteTab[] = [
  { value: 'user', label: 'User Settings', link: { to: '/dashboard/settings' } },
  { value: 'members', label: 'Members', link: { to: '/dashboard/settings/members' } },
  { value: 'billing', label: 'Billing & Subscription', link: { to: '/dashboard/settings/billing' } },
  { value: 'notifications', label: 'Notifications', link: { to: '/dashboard/settings/notifications' } },
  { value: 'escalation', label: 'Escalation policies', link: { to: '/dashboard/settings/escalation' } },
  { value: 'groups', label: 'Public Status', link: { to: '/dashboard/settings/groups' } },
  { value: 'regions', label: 'Regions', link: { to: '/dashboard/settings/regions' } },
  { value: 'api', label: 'API Documentation', link: { to: '/dashboard/settings/api' } },
  { value: 'import', label: 'Import', link: { to: '/dashboard/settings/import' } },
  { value: 'audit', label: 'Audit log', link: { to: '/dashboard/settings/audit' } },
];

export function SettingsLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account, your team, plan, alerts, status pages and API."
      />
      <RouteTabs tabs={TABS} current={currentTab(pathname, TABS, 'user')}>
        <Outlet />
      </RouteTabs>
    </>
  );
}
