import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  DEPLOYMENT_PROVIDER_LABELS,
  type Deployment,
  type DeploymentImpact,
  type DeploymentList,
  type DeploymentWebhook,
} from '../../core/api/deployments';
import type { ChartMarker } from '../components/charts/deployment-markers';
import { apiGet, withQuery } from './api';
import { formatDateTime } from './format';

export const DEPLOYMENT_PAGE_SIZE = 25;

// One key tree, so recording a deployment refreshes every list and chart that shows them.
export const deploymentKeys = {
  all: ['deployments'] as const,
  list: (monitorId: string) => [...deploymentKeys.all, 'list', monitorId] as const,
  since: (monitorId: string, from: number) => [...deploymentKeys.all, 'since', monitorId, from] as const,
  impact: (id: string) => [...deploymentKeys.all, 'impact', id] as const,
  webhooks: ['deployment-webhooks'] as const,
};

export function deploymentPath(id: string, action?: string): string {
  const base = `/api/v1/deployments/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

/** A monitor's deployments, newest first, a page at a time. */
export function monitorDeploymentsQueryOptions(monitorId: string) {
  return infiniteQueryOptions({
    queryKey: deploymentKeys.list(monitorId),
    queryFn: ({ signal, pageParam }) =>
      apiGet<DeploymentList>(
        withQuery('/api/v1/deployments', {
          monitor_id: monitorId,
          limit: DEPLOYMENT_PAGE_SIZE,
          cursor: pageParam,
        }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/**
 * A monitor's deployments since an epoch-ms instant, for chart markers. Callers round `from`
 * (to the hour) so a chart fed new checks keeps one cached query.
 */
export function deploymentsSinceQueryOptions(monitorId: string, from: number) {
  return queryOptions({
    queryKey: deploymentKeys.since(monitorId, from),
    queryFn: async ({ signal }) =>
      (
        await apiGet<DeploymentList>(
          withQuery('/api/v1/deployments', { monitor_id: monitorId, from, limit: 100 }),
          signal,
        )
      ).deployments,
  });
}

export function deploymentImpactQueryOptions(id: string) {
  return queryOptions({
    queryKey: deploymentKeys.impact(id),
    queryFn: async ({ signal }) =>
      (await apiGet<{ impact: DeploymentImpact[] }>(deploymentPath(id, 'impact'), signal)).impact,
  });
}

export const deploymentWebhooksQuery = queryOptions({
  queryKey: deploymentKeys.webhooks,
  queryFn: async ({ signal }) =>
    (await apiGet<{ webhooks: DeploymentWebhook[] }>('/api/v1/deployment-webhooks', signal)).webhooks,
});

/** The first 7 characters, as git and every provider show a commit. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** How a deployment is named in sentences: its version, else its commit. */
export function deploymentName(deployment: Pick<Deployment, 'version' | 'commitSha'>): string {
  if (deployment.version) return deployment.version;
  return deployment.commitSha ? shortSha(deployment.commitSha) : 'this deployment';
}

/** Chart markers for deployments on a time axis in seconds, described in the viewer's zone. */
export function deploymentMarkers(deployments: readonly Deployment[], timeZone: string): ChartMarker[] {
  return deployments.map((deployment) => {
    const name = deploymentName(deployment);
    const via = DEPLOYMENT_PROVIDER_LABELS[deployment.provider];
    const failed = deployment.status === 'failed' ? ' (failed)' : '';
    return {
      x: deployment.deployedAt / 1000,
      label: name,
      description: `Deployment ${name} via ${via}${failed} at ${formatDateTime(deployment.deployedAt, timeZone, false)}`,
      failed: deployment.status === 'failed',
    };
  });
}
