import { Gauge } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { UpgradeCard } from '../../components/upgrade-card';
import { useCanCreatePerformanceSite } from '../../lib/monitor-allowance';

export function PerformancePage() {
  const canCreate = useCanCreatePerformanceSite();
  return (
    <>
      <PageHeader title="Performance" description="Core Web Vitals and budgets for your sites." />
      {/* SPEC.md has a limit message for monitors only; performance sites get the general one. */}
      {canCreate ? null : <UpgradeCard trigger="general" compact className="mb-6" />}
      <EmptyState icon={Gauge} title="No performance sites yet">
        Performance sites run lab tests of Core Web Vitals against your budgets.
      </EmptyState>
    </>
  );
}
