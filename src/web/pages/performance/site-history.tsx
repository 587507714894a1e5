import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isLabBudget, type PerformanceMetric, type PerformanceSite } from '../../../core/api/performance';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { performanceKeys, runsQueryOptions } from '../../lib/performance';
import { MetricChart } from './metric-chart';
import { BlockedRequests, Opportunities } from './opportunities';
import { RunsTable } from './runs-table';
import { useSiteMarkers } from './use-site-markers';

const CHARTED: readonly PerformanceMetric[] = [
  'performanceScore',
  'lcpMs',
  'cls',
  'tbtMs',
  'fcpMs',
  'speedIndexMs',
  'serverResponseMs',
];

/** A site's trend charts (with budget lines and deployments), its runs and the latest advice. */
export function SiteHistory({ site }: { site: PerformanceSite }) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(runsQueryOptions(site.id));
  const lastRunId = site.lastRun?.id;
  const seenRunId = useRef(lastRunId);
  // A run finished since the list was fetched (noticed by the site's poll): fetch the list again.
  useEffect(() => {
    if (seenRunId.current === lastRunId) return;
    seenRunId.current = lastRunId;
    void queryClient.invalidateQueries({ queryKey: performanceKeys.runs(site.id) });
  }, [lastRunId, site.id, queryClient]);
  const runs = list.data?.pages.flatMap((page) => page.runs) ?? [];
  const markers = useSiteMarkers(site.monitorId, runs);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <FormError>{`We couldn't load the runs. ${list.error.message}`}</FormError>;
  const latest = runs.find((run) => run.status === 'succeeded') ?? null;
  const limits = new Map(site.budgets.filter(isLabBudget).map((budget) => [budget.metric, budget.limit]));
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Trends</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          {CHARTED.map((metric) => (
            <MetricChart
              key={metric}
              runs={runs}
              metric={metric}
              limit={limits.get(metric)}
              markers={markers}
            />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Opportunities</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {latest ? (
            <>
              <Opportunities opportunities={latest.opportunities} />
              <BlockedRequests urls={latest.blockedRequests} />
            </>
          ) : (
            <p className="text-sm text-muted">
              The first finished run lists what would make the page faster.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Runs</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <RunsTable runs={runs} />
          {list.hasNextPage ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load older runs'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
