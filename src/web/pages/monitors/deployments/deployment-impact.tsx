import { useQuery } from '@tanstack/react-query';
import { Gauge, TrendingDown, TrendingUp, Users } from 'lucide-react';
import type { Deployment, DeploymentImpact } from '../../../../core/api/deployments';
import { cn } from '../../../lib/cn';
import { deploymentImpactQueryOptions, deploymentName } from '../../../lib/deployments';
import { afterWindowOpen, errorRateSentence, isRegression, latencySentence } from './impact';
import { fieldSentence, measuredSites, vitalsSentence } from './vitals';

/** Web Vitals before → after, one line per linked performance site that has runs. */
function VitalsLines({ impact }: { impact: DeploymentImpact }) {
  const sites = measuredSites(impact);
  if (sites.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label="Web Vitals before and after">
      {sites.map((site) => (
        <li key={site.siteId} className="flex flex-wrap items-center gap-x-2">
          <Gauge className="size-4 shrink-0 text-muted" aria-hidden />
          <span className="font-medium">{site.siteName}</span>
          <span className="text-muted">{vitalsSentence(site)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Real visitors' p75 in the 24 hours before → after, per site, then per route with enough views. */
function FieldLines({ impact }: { impact: DeploymentImpact }) {
  const sites = (impact.vitals ?? []).flatMap((site) => (site.field ? [{ ...site, field: site.field }] : []));
  if (sites.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label="Real visitors before and after">
      {sites.map((site) => (
        <li key={site.siteId} className="flex flex-col">
          <span className="flex flex-wrap items-center gap-x-2">
            <Users className="size-4 shrink-0 text-muted" aria-hidden />
            <span className="font-medium">{`${site.siteName}, real visitors`}</span>
            <span className="text-muted">{fieldSentence(site.field)}</span>
          </span>
          {site.field.routes.length > 0 ? (
            <ul className="ml-6 flex flex-col text-xs text-muted" aria-label={`${site.siteName} by route`}>
              {site.field.routes.map((route) => (
                <li key={route.route}>
                  <span className="font-mono text-fg">{route.route}</span> {fieldSentence(route)}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Median latency and error rate of this monitor in the hour after the deployment versus before. */
export function DeploymentImpactLine({
  deployment,
  monitorId,
  now,
}: {
  deployment: Deployment;
  monitorId: string;
  now: number;
}) {
  const impact = useQuery(deploymentImpactQueryOptions(deployment.id));
  if (impact.isPending) return <p className="text-xs text-muted">Comparing the hour before and after…</p>;
  if (impact.isError)
    return <p className="text-xs text-muted">{`Impact unavailable: ${impact.error.message}`}</p>;
  const mine = impact.data.find((entry) => entry.monitorId === monitorId);
  if (!mine) return <p className="text-xs text-muted">No checks of this monitor beside this deployment.</p>;
  const worse = isRegression(mine);
  const Trend = worse ? TrendingUp : TrendingDown;
  return (
    <>
      <p
        className={cn(
          'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm',
          worse ? 'text-danger' : 'text-fg',
        )}
      >
        <Trend className="size-4 shrink-0" aria-hidden />
        <span className="font-medium">{latencySentence(mine, deploymentName(deployment))}</span>
        <span className="text-muted">· {errorRateSentence(mine)}</span>
        {afterWindowOpen(deployment.deployedAt, now) ? (
          <span className="text-xs text-muted">(the hour after is still running)</span>
        ) : null}
      </p>
      <VitalsLines impact={mine} />
      <FieldLines impact={mine} />
    </>
  );
}
