import { Link } from '@tanstack/react-router';
import { Activity, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { formatNumber } from '../../lib/format';
import { usePlan } from '../../lib/use-plan';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-ui border border-border bg-bg p-4">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

export function NewMonitorButton() {
  return (
    <Button asChild>
      <Link to="/dashboard/monitors/new">
        <Plus className="size-4" aria-hidden />
        New monitor
      </Link>
    </Button>
  );
}

export function DashboardHome() {
  const { plan } = usePlan();
  const max = plan.limits.monitorsMax;
  return (
    <>
      <PageHeader title="Dashboard" description="Every monitor at a glance." actions={<NewMonitorButton />} />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Monitors"
          value="0"
          hint={`of ${typeof max === 'number' ? formatNumber(max) : 'unlimited'} on ${plan.displayName}`}
        />
        <Stat label="Up" value="0" />
        <Stat label="Down" value="0" />
        <Stat label="Open incidents" value="0" />
      </div>
      <EmptyState icon={Activity} title="No monitors yet" action={<NewMonitorButton />}>
        Add a website to start checking its uptime, SSL certificate and response time.
      </EmptyState>
    </>
  );
}
