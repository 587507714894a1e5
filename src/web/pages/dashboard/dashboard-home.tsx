import { useInfiniteQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { useMemo } from 'react';
import { NewMonitorButton } from '../../components/monitors/new-monitor-button';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { UpgradeCard } from '../../components/upgrade-card';
import { useCanCreateMonitor } from '../../lib/monitor-allowance';
import { monitorListQueryOptions } from '../../lib/monitors';
import { LiveIndicator } from './live-indicator';
import { MonitorOverviewList } from './monitor-overview-list';
import { SchedulerBanner } from './scheduler-banner';
import { SummaryTiles } from './summary-tiles';

/** Uptime figures and sparklines come from rollups; live events keep status current between. */
const STATS_REFRESH_MS = 60_000;

export function DashboardHome() {
  const list = useInfiniteQuery({
    ...monitorListQueryOptions({ stats: true }),
    refetchInterval: STATS_REFRESH_MS,
  });
  const canCreate = useCanCreateMonitor();
  // One array per answer, not per render: the list defers rendering whenever it changes.
  const monitors = useMemo(() => list.data?.pages.flatMap((page) => page.monitors) ?? [], [list.data]);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          <span className="inline-flex items-center gap-3">
            Every monitor at a glance. <LiveIndicator />
          </span>
        }
        actions={<NewMonitorButton />}
      />
      <SchedulerBanner />
      <SummaryTiles />
      {!canCreate ? <UpgradeCard trigger="limit" compact className="mb-6" /> : null}
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <FormError>{`We couldn't load your monitors. ${list.error.message}`}</FormError>
      ) : monitors.length === 0 ? (
        <EmptyState icon={Activity} title="No monitors yet" action={<NewMonitorButton />}>
          Add a website to start checking its uptime, SSL certificate and response time.
        </EmptyState>
      ) : (
        <MonitorOverviewList
          monitors={monitors}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      )}
    </>
  );
}
