import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { monitorResultsQueryOptions, monitorUptimeQueryOptions } from '../../../lib/monitors';
import { useRouteMonitor } from '../../../lib/use-monitor';
import { latencyFormat } from '../kinds/faces';
import { chartOf, kindUi } from '../kinds/registry';
import { CurrentStatus } from './current-status';
import { RecentChecks } from './recent-checks';
import { regionsOf } from './region-series';
import { RegionsCard } from './regions-card';
import { UptimeTiles } from './uptime-tiles';
import { useChartDeployments } from './use-chart-deployments';

// uPlot loads with the first chart, not with the dashboard.
const ResponseChart = lazy(() =>
  import('./response-chart').then((module) => ({ default: module.ResponseChart })),
);

function ChartFallback() {
  return (
    <div className="flex h-[240px] items-center justify-center">
      <Spinner />
    </div>
  );
}

export function OverviewTab() {
  const monitor = useRouteMonitor();
  const results = useInfiniteQuery(monitorResultsQueryOptions(monitor.id));
  const uptime = useQuery(monitorUptimeQueryOptions(monitor.id));
  const loaded = results.data?.pages.flatMap((page) => page.results) ?? [];
  // The chart plots the first page (the latest checks); older pages only extend the table.
  const latest = results.data?.pages[0]?.results ?? [];
  const markers = useChartDeployments(monitor.id, latest);
  const { DetailPanel, chartDescription } = kindUi(monitor.kind);
  const formatLatency = latencyFormat(monitor.kind);

  return (
    <div className="flex flex-col gap-6">
      <CurrentStatus monitor={monitor} />
      <RegionsCard monitorId={monitor.id} formatLatency={formatLatency} />
      {DetailPanel ? <DetailPanel monitor={monitor} /> : null}
      {formatLatency === null ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Response time</CardTitle>
            <CardDescription>
              {regionsOf(latest).length > 1 ? 'The latest checks, a line per region.' : chartDescription}
            </CardDescription>
          </CardHeader>
          <div className="p-3 sm:p-4">
            {results.isPending ? (
              <ChartFallback />
            ) : (
              <Suspense fallback={<ChartFallback />}>
                <ResponseChart
                  results={latest}
                  markers={markers}
                  chart={chartOf(monitor.kind)}
                  formatLatency={formatLatency}
                  padSeconds={monitor.intervalSeconds}
                />
              </Suspense>
            )}
          </div>
        </Card>
      )}
      {uptime.isError ? <FormError>{`We couldn't load uptime. ${uptime.error.message}`}</FormError> : null}
      <UptimeTiles report={uptime.data} formatLatency={formatLatency} />
      {results.isError ? (
        <FormError>{`We couldn't load the checks. ${results.error.message}`}</FormError>
      ) : (
        <RecentChecks
          results={loaded}
          hasMore={results.hasNextPage}
          loadingMore={results.isFetchingNextPage}
          onLoadMore={() => void results.fetchNextPage()}
          kind={monitor.kind}
        />
      )}
    </div>
  );
}
