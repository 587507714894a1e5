import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChartMarker } from '../../../components/charts/deployment-markers';
import { deploymentMarkers, deploymentsSinceQueryOptions } from '../../../lib/deployments';
import { useHasFeature } from '../../../lib/use-plan';
import { useTimeZone } from '../../../lib/use-time-zone';

const NONE: ChartMarker[] = [];

/**
 * The linked monitor's deployments since the field range's start (an hour boundary, so the
 * report's refetches keep one cached query), as chart markers. Only plans with deployment
 * tracking ask, as on the lab's charts.
 */
export function useFieldMarkers(monitorId: string | null, from: number | undefined): ChartMarker[] {
  const timeZone = useTimeZone();
  const tracked = useHasFeature('apiAccess');
  const options = deploymentsSinceQueryOptions(monitorId ?? '', from ?? 0);
  const deployments = useQuery({ ...options, enabled: monitorId !== null && from !== undefined && tracked });
  return useMemo(
    () => (deployments.data ? deploymentMarkers(deployments.data, timeZone) : NONE),
    [deployments.data, timeZone],
  );
}
