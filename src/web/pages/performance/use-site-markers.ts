import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { PerformanceRun } from '../../../core/api/performance';
import type { ChartMarker } from '../../components/charts/deployment-markers';
import { deploymentMarkers, deploymentsSinceQueryOptions } from '../../lib/deployments';
import { useHasFeature } from '../../lib/use-plan';
import { useTimeZone } from '../../lib/use-time-zone';

const HOUR_MS = 3_600_000;
const NONE: ChartMarker[] = [];

/**
 * The linked monitor's deployments since the oldest charted run (rounded down to the hour, so
 * new runs keep one cached query), as chart markers. Only plans with deployment tracking ask.
 */
export function useSiteMarkers(monitorId: string | null, runs: readonly PerformanceRun[]): ChartMarker[] {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const tracked = useHasFeature('apiAccess');
  const oldest = runs.at(-1)?.queuedAt;
  const from = oldest === undefined ? undefined : Math.floor(oldest / HOUR_MS) * HOUR_MS;
  const options = deploymentsSinceQueryOptions(monitorId ?? '', from ?? 0);
  const deployments = useQuery({ ...options, enabled: monitorId !== null && from !== undefined && tracked });

  // A new run widens the charts past deployments recorded since the list was fetched: ask again.
  const newest = runs[0]?.id;
  const seen = useRef(newest);
  useEffect(() => {
    if (seen.current === newest) return;
    seen.current = newest;
    void queryClient.invalidateQueries({ queryKey: options.queryKey });
  }, [newest, options.queryKey, queryClient]);

  return useMemo(
    () => (deployments.data ? deploymentMarkers(deployments.data, timeZone) : NONE),
    [deployments.data, timeZone],
  );
}
