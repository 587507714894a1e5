import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Globe } from 'lucide-react';
import type { StatusPage } from '../../../core/api/status-pages';
import { FeatureGate } from '../../components/feature-gate';
import { STATUS_LABELS, StatusDot } from '../../components/monitors/status';
import { PublicLink, StatusPageStateBadge } from '../../components/status-page-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { statusPageListQueryOptions } from '../../lib/status-pages';

function PublishedPageCard({ page }: { page: StatusPage }) {
  return (
    <Card aria-label={page.name} role="article">
      <CardHeader className="flex flex-row flex-wrap items-center gap-3">
        <CardTitle className="min-w-0 truncate">{page.name}</CardTitle>
        <StatusPageStateBadge state={page.state} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex min-w-0 items-center gap-2">
          <PublicLink href={page.publicUrl} />
          <CopyButton text={page.publicUrl} label={`public link of ${page.name}`} />
        </div>
        {page.monitors.length > 0 ? (
          <ul aria-label={`Monitors on ${page.name}`} className="flex flex-col gap-2">
            {page.monitors.map((monitor) => (
              <li key={monitor.monitorId} className="flex items-center gap-2 text-sm">
                <StatusDot status={monitor.status} />
                <span className="min-w-0 truncate">{monitor.displayName ?? monitor.monitorName}</span>
                <span className="ml-auto text-muted">{STATUS_LABELS[monitor.status]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No monitors on this page yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PublishedPages() {
  const { data: pages, error } = useQuery(statusPageListQueryOptions);
  if (error) throw error;
  if (!pages) return <Spinner />;
  const published = pages.filter((page) => page.published);
  if (published.length === 0) {
    return (
      <EmptyState
        icon={Globe}
        title="No published status pages"
        action={
          <Button asChild>
            <Link to="/dashboard/settings/groups">Set up a status page</Link>
          </Button>
        }
      >
        Group monitors onto a public status page in Settings, publish it, and it shows here with its link and
        live status.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {published.map((page) => (
        <PublishedPageCard key={page.id} page={page} />
      ))}
    </div>
  );
}

export function PublicGroupsPage() {
  return (
    <>
      <PageHeader
        title="Public status groups"
        description="Your published status pages, with their links and live status."
      />
      <FeatureGate gate="publicStatus">
        <PublishedPages />
      </FeatureGate>
    </>
  );
}
