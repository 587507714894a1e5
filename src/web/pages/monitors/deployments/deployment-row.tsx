import { Link } from '@tanstack/react-router';
import { ExternalLink, GitBranch, GitCommitHorizontal, Siren } from 'lucide-react';
import type { Deployment } from '../../../../core/api/deployments';
import { cn } from '../../../lib/cn';
import { deploymentName, shortSha } from '../../../lib/deployments';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { DeploymentImpactLine } from './deployment-impact';
import { ProviderLabel } from './provider-icon';

const PILL = 'rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

function StatusPill({ status }: { status: Deployment['status'] }) {
  return status === 'succeeded' ? (
    <span className={cn(PILL, 'border-accent/30 bg-accent-soft text-accent')}>Succeeded</span>
  ) : (
    <span className={cn(PILL, 'border-danger/30 bg-danger-soft text-danger')}>Failed</span>
  );
}

/** Incidents that started within 30 minutes after the deployment, as the server links them. */
function FollowingIncidents({ ids }: { ids: string[] }) {
  if (ids.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-danger">
      <Siren className="size-4 shrink-0" aria-hidden />
      {ids.map((id, index) => (
        <Link key={id} to="/dashboard/incidents/$id" params={{ id }} className="font-medium hover:underline">
          {ids.length === 1
            ? 'Incident started after this deployment'
            : `Incident ${index + 1} after this deployment`}
        </Link>
      ))}
    </p>
  );
}

export function DeploymentRow({
  deployment,
  monitorId,
  now,
}: {
  deployment: Deployment;
  monitorId: string;
  now: number;
}) {
  const timeZone = useTimeZone();
  const name = deploymentName(deployment);
  return (
    <li className="flex flex-col gap-2 px-5 py-4 sm:px-6" aria-label={`Deployment ${name}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ProviderLabel provider={deployment.provider} />
        <span className="font-semibold break-all">{name}</span>
        <StatusPill status={deployment.status} />
        <span className={cn(PILL, 'border-border bg-surface text-muted')}>{deployment.environment}</span>
        <time
          className="ml-auto text-sm whitespace-nowrap text-muted"
          dateTime={new Date(deployment.deployedAt).toISOString()}
        >
          {formatDateTime(deployment.deployedAt, timeZone, false)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        {deployment.commitSha ? (
          <span className="inline-flex items-center gap-1 font-mono" title={deployment.commitSha}>
            <GitCommitHorizontal className="size-3.5" aria-hidden />
            {shortSha(deployment.commitSha)}
          </span>
        ) : null}
        {deployment.branch ? (
          <span className="inline-flex items-center gap-1">
            <GitBranch className="size-3.5" aria-hidden />
            {deployment.branch}
          </span>
        ) : null}
        {deployment.providerUrl ? (
          <a
            href={deployment.providerUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-accent hover:underline"
          >
            <ExternalLink className="size-3.5" aria-hidden />
            View at the provider
          </a>
        ) : null}
        {deployment.url ? <span className="break-all">{deployment.url}</span> : null}
      </div>
      <DeploymentImpactLine deployment={deployment} monitorId={monitorId} now={now} />
      <FollowingIncidents ids={deployment.incidentIds} />
    </li>
  );
}
