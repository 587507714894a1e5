import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CheckResult } from '../../../../core/api/history';
import type { ChartMarker } from '../../../components/charts/deployment-markers';
import { deploymentMarkers, deploymentsSinceQueryOptions } from '../../../lib/deployments';
import { useHasFeature } from '../../../lib/use-plan';
import { useTimeZone } from '../../../lib/use-time-zone';

const HOUR_MS = 3_600_000;
const NONE: ChartMarker[] = [];

/**
 * Markers for the monitor's deployments since the oldest charted check (rounded down to the
 * hour, so new checks keep one cached query). Only plans with deployment tracking ask.
 */
export function useChartDeployments(monitorId: string, results: readonly CheckResult[]): ChartMarker[] {
  const timeZone = useTimeZone();
  const tracked = useHasFeature('apiAccess');
  const oldest = results.at(-1)?.checkedAt;
  const from = oldest === undefined ? undefined : Math.floor(oldest / HOUR_MS) * HOUR_MS;
  const deployments = useQuery({
    ...deploymentsSinceQueryOptions(monitorId, from ?? 0),
    enabled: from !== undefined && tracked,
  });
  return useMemo(
    () => (deployments.data ? deploymentMarkers(deployments.data, timeZone) : NONE),
    [deployments.data, timeZone],
  );
}
