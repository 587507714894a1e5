import { useInfiniteQuery } from '@tanstack/react-query';
import { Activity, Search } from 'lucide-react';
import { useState } from 'react';
import { MONITOR_STATUSES, type MonitorStatus } from '../../../core/api/monitors';
import { NewMonitorButton } from '../../components/monitors/new-monitor-button';
import { STATUS_LABELS } from '../../components/monitors/status';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { FormError, Input, NativeSelect } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { monitorListQueryOptions } from '../../lib/monitors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MonitorsTable } from './monitors-table';
import type { Sort } from './sort-monitors';

export function MonitorsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MonitorStatus | ''>('');
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'asc' });
  const q = useDebouncedValue(search.trim());
  const list = useInfiniteQuery({
    ...monitorListQueryOptions({ q: q || undefined, status: status || undefined }),
    placeholderData: (previous) => previous,
  });
  const monitors = list.data?.pages.flatMap((page) => page.monitors) ?? [];
  const filtered = q !== '' || status !== '';

  return (
    <>
      <PageHeader
        title="Monitors"
        description="Websites and endpoints Upwatch checks for you."
        actions={<NewMonitorButton />}
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search monitors"
            placeholder="Search by name or URL"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <NativeSelect
          aria-label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as MonitorStatus | '')}
          className="sm:w-44"
        >
          <option value="">All statuses</option>
          {MONITOR_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <FormError>{`We couldn't load your monitors. ${list.error.message}`}</FormError>
      ) : monitors.length === 0 ? (
        filtered ? (
          <EmptyState icon={Search} title="No monitors match">
            Try another search or status.
          </EmptyState>
        ) : (
          <EmptyState icon={Activity} title="No monitors yet" action={<NewMonitorButton />}>
            Add a website to start checking its uptime, SSL certificate and response time.
          </EmptyState>
        )
      ) : (
        <>
          <MonitorsTable monitors={monitors} sort={sort} onSort={setSort} />
          {list.hasNextPage ? (
            <div className="mt-3 text-center">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
