import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { CheckResult } from '../../../../core/api/history';
import { StatusBadge } from '../../../components/monitors/status';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime, formatMs } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';

/** Rows shown at first and added per "Show older checks". */
const PAGE = 20;

function Details({ result }: { result: CheckResult }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
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

export function RecentChecks({
  results,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  results: CheckResult[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const timeZone = useTimeZone();
  const [shown, setShown] = useState(PAGE);
  const rows = results.slice(0, shown);
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
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="border-y border-border bg-surface text-left text-xs tracking-wide text-muted uppercase">
              <tr className="[&>th]:px-4 [&>th]:py-2 [&>th]:font-medium">
                <th scope="col">Time</th>
                <th scope="col">Result</th>
                <th scope="col">Code</th>
                <th scope="col">Response</th>
                <th scope="col" className="hidden sm:table-cell">
                  Region
                </th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((result) => (
                <tr key={result.id} className="[&>td]:px-4 [&>td]:py-2.5 align-top">
                  <td className="whitespace-nowrap text-muted tabular-nums">
                    {formatDateTime(result.checkedAt, timeZone)}
                  </td>
                  <td>
                    <StatusBadge status={result.status} />
                  </td>
                  <td className="tabular-nums">{result.statusCode ?? '—'}</td>
                  <td className="whitespace-nowrap tabular-nums">{formatMs(result.totalMs)}</td>
                  <td className="hidden text-muted sm:table-cell">{result.region}</td>
                  <td className="min-w-48">
                    <Details result={result} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
