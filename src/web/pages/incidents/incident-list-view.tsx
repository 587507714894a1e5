import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, Siren } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { type IncidentFilters, incidentListQueryOptions } from '../../lib/incidents';
import { IncidentTable } from './incident-table';

/** A polled, paged list of incidents with its loading, error and empty states. */
export function IncidentListView({
  filters,
  scope = 'all',
  empty,
}: {
  filters: IncidentFilters;
  scope?: string;
  /** What an unfiltered empty list says. */
  empty: ReactNode;
}) {
  const list = useInfiniteQuery({
    ...incidentListQueryOptions(filters, scope),
    placeholderData: (previous) => previous,
  });
  const incidents = list.data?.pages.flatMap((page) => page.incidents) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  if (list.isPending) return <PageSpinner />;
  if (list.isError) return <FormError>{`We couldn't load the incidents. ${list.error.message}`}</FormError>;
  if (incidents.length === 0) {
    return filtered ? (
      <EmptyState icon={Search} title="No incidents match">
        Try another state, monitor, severity or time range.
      </EmptyState>
    ) : (
      <EmptyState icon={Siren} title="No incidents">
        {empty}
      </EmptyState>
    );
  }
  return (
    <IncidentTable
      incidents={incidents}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
