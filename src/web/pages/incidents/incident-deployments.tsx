import { Link } from '@tanstack/react-router';
import { Rocket } from 'lucide-react';
import { DEPLOYMENT_PROVIDER_LABELS } from '../../../core/api/deployments';
import type { Incident } from '../../../core/api/incidents';
import { cn } from '../../lib/cn';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

type IncidentDeployment = NonNullable<Incident['deployments']>[number];

/** 'Deployed v1.4.2 via Vercel 3 min before this incident' */
export function deployedBeforeSentence(deployment: IncidentDeployment, startedAt: number): string {
  const minutes = Math.round((startedAt - deployment.deployedAt) / 60_000);
  const what = deployment.version ? `Deployed ${deployment.version}` : 'Deployed';
  const when = minutes < 1 ? 'under a minute' : `${formatNumber(minutes)} min`;
  return `${what} via ${DEPLOYMENT_PROVIDER_LABELS[deployment.provider]} ${when} before this incident`;
}

/**
 * The incident's monitors' deployments from the 30 minutes before it started, each a link to
 * the deployments tab of the incident's (first) monitor, where its before/after figures are.
 */
export function IncidentDeployments({ incident, className }: { incident: Incident; className?: string }) {
  const timeZone = useTimeZone();
  const deployments = incident.deployments ?? [];
  const monitorId = incident.monitors[0]?.id;
  if (deployments.length === 0) return null;
  return (
    <ul
      aria-label="Deployments before this incident"
      className={cn(
        'flex flex-col gap-2 rounded-ui border border-warning/30 bg-warning/10 px-4 py-3',
        className,
      )}
    >
      {deployments.map((deployment) => {
        const sentence = deployedBeforeSentence(deployment, incident.startedAt);
        return (
          <li key={deployment.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
            <Rocket className="size-4 shrink-0 text-warning" aria-hidden />
            {monitorId ? (
              <Link
                to="/dashboard/monitors/$id/deployments"
                params={{ id: monitorId }}
                className="font-medium hover:underline"
              >
                {sentence}
              </Link>
            ) : (
              <span className="font-medium">{sentence}</span>
            )}
            <time className="text-xs text-muted" dateTime={new Date(deployment.deployedAt).toISOString()}>
              {formatDateTime(deployment.deployedAt, timeZone, false)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
