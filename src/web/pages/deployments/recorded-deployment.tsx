import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Deployment } from '../../../core/api/deployments';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { deploymentName } from '../../lib/deployments';
import type { MonitorRow } from '../../lib/monitors';

/** After recording: where the deployment landed, with a link to each monitor's deployments. */
export function RecordedDeployment({
  deployment,
  monitors,
  onAnother,
}: {
  deployment: Deployment;
  monitors: MonitorRow[] | undefined;
  onAnother: () => void;
}) {
  const nameOf = (id: string) => monitors?.find((monitor) => monitor.id === id)?.name ?? id;
  const triggered = new Set(deployment.triggeredMonitorIds);
  return (
    <Card role="status" aria-label="Deployment recorded">
      <CardContent className="flex flex-col gap-4">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="size-5 text-accent" aria-hidden />
          {`Deployment ${deploymentName(deployment)} recorded`}
        </p>
        {deployment.monitorIds.length === 0 ? (
          <p className="text-sm text-muted">No monitor matched, so it is on no monitor's timeline.</p>
        ) : (
          <ul aria-label="Affected monitors" className="flex flex-col gap-1.5 text-sm">
            {deployment.monitorIds.map((id) => (
              <li key={id} className="flex flex-wrap items-center gap-2">
                <Link
                  to="/dashboard/monitors/$id/deployments"
                  params={{ id }}
                  className="font-medium text-accent hover:underline"
                >
                  {nameOf(id)}
                </Link>
                {triggered.has(id) ? <span className="text-xs text-muted">check started</span> : null}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="secondary" onClick={onAnother}>
            Record another
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
