import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Rocket } from 'lucide-react';
import { FeatureGate } from '../../../components/feature-gate';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { monitorDeploymentsQueryOptions } from '../../../lib/deployments';
import { useRouteMonitor } from '../../../lib/use-monitor';
import { useNow } from '../../../lib/use-now';
import { KindTab } from '../kind-tab';
import { DeploymentRow } from './deployment-row';

const RECORD = (
  <Button asChild size="sm">
    <Link to="/dashboard/deployments/new">Record a deployment</Link>
  </Button>
);

function DeploymentsScreen() {
  const monitor = useRouteMonitor();
  const list = useInfiniteQuery(monitorDeploymentsQueryOptions(monitor.id));
  const now = useNow(60_000);
  if (list.isPending) return <PageSpinner />;
  if (list.isError) return <FormError>{`We couldn't load the deployments. ${list.error.message}`}</FormError>;
  const deployments = list.data.pages.flatMap((page) => page.deployments);
  if (deployments.length === 0) {
    return (
      <EmptyState icon={Rocket} title="No deployments yet" level={2} action={RECORD}>
        Deployments reported by CI, GitHub, Vercel or Netlify appear here with the response time and error
        rate of the hour after them next to the hour before.
      </EmptyState>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 pb-4 sm:pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle>Deployments</CardTitle>
          <CardDescription>
            Median response time and error rate in the hour after each deployment, against the hour before.
          </CardDescription>
        </div>
        {RECORD}
      </CardHeader>
      <ol aria-label="Deployments" className="divide-y divide-border border-t border-border">
        {deployments.map((deployment) => (
          <DeploymentRow key={deployment.id} deployment={deployment} monitorId={monitor.id} now={now} />
        ))}
      </ol>
      {list.hasNextPage ? (
        <div className="flex justify-center border-t border-border p-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load older deployments'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

export function DeploymentsTab() {
  return (
    <KindTab tab="deployments">
      <FeatureGate gate="monitorDeployments">
        <DeploymentsScreen />
      </FeatureGate>
    </KindTab>
  );
}
