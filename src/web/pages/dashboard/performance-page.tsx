import { Gauge } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

export function PerformancePage() {
  return (
    <>
      <PageHeader title="Performance" description="Core Web Vitals and budgets for your sites." />
      <EmptyState icon={Gauge} title="No performance sites yet">
        Performance sites run lab tests of Core Web Vitals against your budgets.
      </EmptyState>
    </>
  );
}
