import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { CheckResult } from '../../../../core/api/history';
import { StatusBadge } from '../../../components/monitors/status';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import type { LatencyFormat } from '../kinds/registry';

/** Rows shown at first and added per "Show older checks". */
const PAGE = 20;

// A grid rather than a table: on a phone each check folds into two lines instead of scrolling.
const ROW = 'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-5 py-2.5 sm:px-6';
// Time, result, code, response, region, details; an untimed kind has no response column.
const TIMED_COLUMNS = 'md:grid-cols-[13rem_6.5rem_3.5rem_5.5rem_4rem_minmax(0,1fr)]';
const UNTIMED_COLUMNS = 'md:grid-cols-[13rem_6.5rem_3.5rem_4rem_minmax(0,1fr)]';

function Details({ result }: { result: CheckResult }) {
  if (!result.confirmation && !result.failure) return null;
  return (
    <div className="order-4 col-span-full flex flex-wrap items-center gap-2 md:order-none md:col-span-1">
      {result.confirmation ? (
        <span
          className="inline-flex items-center gap-1 rounded-full border border-border px-1.5 py-0.5 text-xs text-muted"
          title="This check re-checked an earlier failure before changing the monitor's status."
        >
          <RotateCcw className="size-3" aria-hidden />
          Confirmation
        </span>
      ) : null}
      {result.failure ? <span className="text-danger">{result.failure.message}</span> : null}
    </div>
  );
}

function CheckRow({
  result,
  timeZone,
  formatLatency,
}: {
  result: CheckResult;
  timeZone: string;
  /** Null for a kind that times nothing (a heartbeat): no response column. */
  formatLatency: LatencyFormat | null;
}) {
  return (
    <li className={cn(ROW, formatLatency ? TIMED_COLUMNS : UNTIMED_COLUMNS, 'text-sm')}>
      <span className="order-2 text-muted tabular-nums md:order-none">
        {formatDateTime(result.checkedAt, timeZone)}
      </span>
      <span className="order-1 md:order-none">
        <StatusBadge status={result.status} />
      </span>
      <span className="hidden tabular-nums md:block">{result.statusCode ?? '—'}</span>
      {formatLatency ? (
        <span className="order-3 text-right tabular-nums md:order-none md:text-left">
          {formatLatency(result.totalMs)}
        </span>
      ) : null}
      <span className="hidden text-muted md:block">{result.region}</span>
      <Details result={result} />
    </li>
  );
}

export function RecentChecks({
  results,
  hasMore,
  loadingMore,
  onLoadMore,
  formatLatency,
}: {
  results: CheckResult[];
  /** Null for a kind that times nothing (a heartbeat): no response column. */
  formatLatency: LatencyFormat | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const timeZone = useTimeZone();
  const [shown, setShown] = useState(PAGE);
  const showMore = () => {
    setShown(shown + PAGE);
    if (shown + PAGE > results.length && hasMore) onLoadMore();
  };
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Recent checks</CardTitle>
      </CardHeader>
      {results.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted sm:px-6">No checks yet. The first one runs shortly.</p>
      ) : (
        <>
          <div
            aria-hidden
            className={cn(
              ROW,
              formatLatency ? TIMED_COLUMNS : UNTIMED_COLUMNS,
              'hidden border-y border-border bg-surface text-xs font-medium tracking-wide text-muted uppercase md:grid',
            )}
          >
            <span>Time</span>
            <span>Result</span>
            <span>Code</span>
            {formatLatency ? <span>Response</span> : null}
            <span>Region</span>
            <span>Details</span>
          </div>
          <ul
            aria-label="Recent checks"
            className="divide-y divide-border border-t border-border md:border-t-0"
          >
            {results.slice(0, shown).map((result) => (
              <CheckRow key={result.id} result={result} timeZone={timeZone} formatLatency={formatLatency} />
            ))}
          </ul>
        </>
      )}
      {hasMore || shown < results.length ? (
        <div className="border-t border-border p-3 text-center">
          <Button variant="secondary" size="sm" onClick={showMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Show older checks'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
