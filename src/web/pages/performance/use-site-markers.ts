import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
  const timeZone = useTimeZone();
  const tracked = useHasFeature('apiAccess');
  const oldest = runs.at(-1)?.queuedAt;
  const from = oldest === undefined ? undefined : Math.floor(oldest / HOUR_MS) * HOUR_MS;
  const deployments = useQuery({
    ...deploymentsSinceQueryOptions(monitorId ?? '', from ?? 0),
    enabled: monitorId !== null && from !== undefined && tracked,
  });
  return useMemo(
    () => (deployments.data ? deploymentMarkers(deployments.data, timeZone) : NONE),
    [deployments.data, timeZone],
  );
}
