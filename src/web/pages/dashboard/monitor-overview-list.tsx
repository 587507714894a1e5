import { useDeferredValue } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import type { MonitorRow } from '../../lib/monitors';
import { MonitorOverviewRow, ROW_GRID } from './monitor-overview-row';

/** Rows a first screen shows; the rest of a page renders right after, without holding the first back. */
const FIRST_ROWS = 12;

export function MonitorOverviewList({
  monitors,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  monitors: MonitorRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const shown = useDeferredValue(monitors, monitors.slice(0, FIRST_ROWS));
  return (
    <Card className="overflow-hidden">
      <div
        className={cn(
          'hidden border-b border-border bg-surface px-4 py-2 text-xs font-medium tracking-wide text-muted uppercase',
          ROW_GRID,
        )}
        aria-hidden
      >
        <span>Status</span>
        <span>Monitor</span>
        <span>Uptime 24 h</span>
        <span>Uptime 30 d</span>
        <span>Avg response</span>
        <span>Last 24 h</span>
        <span>Last check</span>
      </div>
      <ul aria-label="Monitors" className="divide-y divide-border">
        {shown.map((monitor) => (
          <MonitorOverviewRow key={monitor.id} monitor={monitor} />
        ))}
      </ul>
      {hasMore ? (
        <div className="border-t border-border p-3 text-center">
          <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
