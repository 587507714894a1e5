import { useQuery } from '@tanstack/react-query';
import { Gauge, Plus } from 'lucide-react';
import { WriteButton } from '../../components/role-lock';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { sitesQueryOptions } from '../../lib/performance';
import { useRouteMonitor } from '../../lib/use-monitor';
import { AddSiteDialog } from './add-site-dialog';
import { SiteHistory } from './site-history';
import { SiteHeader } from './site-page';

/** The monitor's performance tab: the sites linked to it, or an offer to measure its URL. */
export function MonitorPerformance() {
  const monitor = useRouteMonitor();
  const sites = useQuery({
    ...sitesQueryOptions,
    select: (all) => all.filter((site) => site.monitorId === monitor.id),
  });
  if (sites.isPending) return <PageSpinner />;
  if (sites.isError)
    return <FormError>{`We couldn't load the performance sites. ${sites.error.message}`}</FormError>;
  if (sites.data.length === 0) {
    const add = (
      <WriteButton size="sm">
        <Plus className="size-4" aria-hidden />
        Add a performance site for this URL
      </WriteButton>
    );
    return (
      <EmptyState
        icon={Gauge}
        title="No performance site for this monitor"
        level={2}
        action={<AddSiteDialog trigger={add} defaults={{ url: monitor.target, monitorId: monitor.id }} />}
      >
        {`Measure the Core Web Vitals of ${monitor.target} with Lighthouse, and see them here next to its uptime.`}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {sites.data.map((site) => (
        <section key={site.id} className="flex flex-col gap-4" aria-label={site.name}>
          <Card>
            <CardContent>
              <SiteHeader site={site} linked />
            </CardContent>
          </Card>
          <SiteHistory site={site} />
        </section>
      ))}
    </div>
  );
}
