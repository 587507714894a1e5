import { Link } from '@tanstack/react-router';
import { Activity } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

export function NewMonitorPage() {
  return (
    <>
      <PageHeader title="New monitor" description="Tell Upwatch what to check." />
      <EmptyState icon={Activity} title="Monitor creation is coming">
        The form for HTTP, SSL and performance monitors arrives with monitors.{' '}
        <Link to="/dashboard/monitors" className="text-accent hover:underline">
          Back to monitors
        </Link>
      </EmptyState>
    </>
  );
}
