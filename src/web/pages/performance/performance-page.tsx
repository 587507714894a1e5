import { useQuery } from '@tanstack/react-query';
import { Gauge, Plus } from 'lucide-react';
import { WriteButton } from '../../components/role-lock';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { UpgradeCard } from '../../components/upgrade-card';
import { sitesQueryOptions } from '../../lib/performance';
import { AddSiteDialog } from './add-site-dialog';
import { PlanUsage, useSitesExhausted } from './plan-usage';
import { SiteCard } from './site-card';

const ADD = (
  <WriteButton size="sm">
    <Plus className="size-4" aria-hidden />
    Add site
  </WriteButton>
);

function SiteList() {
  const sites = useQuery(sitesQueryOptions);
  if (sites.isPending) return <PageSpinner />;
  if (sites.isError)
    return <FormError>{`We couldn't load your performance sites. ${sites.error.message}`}</FormError>;
  if (sites.data.length === 0) {
    return (
      <EmptyState
        icon={Gauge}
        title="No performance sites yet"
        level={2}
        action={<AddSiteDialog trigger={ADD} />}
      >
        Performance sites run Lighthouse lab tests of Core Web Vitals in Chromium and hold them against your
        budgets.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Performance sites">
      {sites.data.map((site) => (
        <li key={site.id}>
          <SiteCard site={site} />
        </li>
      ))}
    </ul>
  );
}

export function PerformancePage() {
  const exhausted = useSitesExhausted();
  return (
    <>
      <PageHeader
        title="Performance"
        description="Core Web Vitals and budgets for your sites."
        actions={<AddSiteDialog trigger={ADD} />}
      />
      <div className="mb-6 flex flex-col gap-3">
        <PlanUsage />
        {exhausted ? (
          <>
            <p className="text-sm">Your plan has no performance sites left to add.</p>
            <UpgradeCard trigger="general" compact />
          </>
        ) : null}
      </div>
      <SiteList />
    </>
  );
}
