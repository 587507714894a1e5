import { Activity } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { NewMonitorButton } from '../dashboard/dashboard-home';

export function MonitorsPage() {
  return (
    <>
      <PageHeader
        title="Monitors"
        description="Websites and endpoints Upwatch checks for you."
        actions={<NewMonitorButton />}
      />
      <EmptyState icon={Activity} title="No monitors yet" action={<NewMonitorButton />}>
        Add a website to start checking its uptime, SSL certificate and response time.
      </EmptyState>
    </>
  );
}
