import { RotateCcw } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import type { CheckResult } from '../../../../core/api/history';
import type { MonitorKind } from '../../../../core/api/monitors';
import { MAINTENANCE_PILL } from '../../../components/monitors/maintenance-badge';
import { StatusBadge } from '../../../components/monitors/status';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { latencyFormat } from '../kinds/faces';
import { checkMsOf, kindUi } from '../kinds/registry';

/** Rows shown at first and added per "Show older checks". */
const PAGE = 20;

// A grid rather than a table: on a phone each check folds into two lines instead of scrolling.
// From md up the columns are the kind's: --check-columns is set on the card.
const ROW =
  'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-5 py-2.5 sm:px-6 md:grid-cols-[var(--check-columns)]';

/** How a kind's checks read in the table: no Code column without status codes, no Response when untimed. */
interface CheckColumns {
  code: boolean;
  response: {
    ms: (result: CheckResult) => number | null;
    format: (ms: number) => string;
    note: (result: CheckResult) => string | null;
  } | null;
}

function checkColumns(kind: MonitorKind): CheckColumns {
  const { noStatusCode, checkNote } = kindUi(kind);
  const format = latencyFormat(kind);
  return {
    code: !noStatusCode,
    response: format && { ms: checkMsOf(kind), format, note: checkNote ?? (() => null) },
  };
}

/** Time, result, code, response, region, details: the widths of those the kind has. */
function gridTemplate({ code, response }: CheckColumns): string {
  return ['13rem', '6.5rem', code && '3.5rem', response && '5.5rem', '6.5rem', 'minmax(0,1fr)']
    .filter(Boolean)
    .join(' ');
}

function Details({ result }: { result: CheckResult }) {
  if (!result.confirmation && !result.failure && !result.maintenance) return null;
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
      {result.maintenance ? (
        <span
          className={MAINTENANCE_PILL}
          title="This check ran during a maintenance window: no incident, no alert, not in uptime."
        >
          Maintenance
        </span>
      ) : null}
      {result.failure ? <span className="text-danger">{result.failure.message}</span> : null}
    </div>
  );
}

function Response({
  result,
  response,
}: {
  result: CheckResult;
  response: NonNullable<CheckColumns['response']>;
}) {
  const ms = response.ms(result);
  const note = response.note(result);
  return (
    <span className="order-3 text-right tabular-nums md:order-none md:text-left">
      {ms === null ? '—' : response.format(ms)}
      {note ? <span className="block text-xs text-muted">{note}</span> : null}
    </span>
  );
}

function CheckRow({
  result,
  timeZone,
  columns,
}: {
  result: CheckResult;
  timeZone: string;
  columns: CheckColumns;
}) {
  return (
    <li className={cn(ROW, 'text-sm')}>
      <span className="order-2 text-muted tabular-nums md:order-none">
        {formatDateTime(result.checkedAt, timeZone)}
      </span>
      <span className="order-1 md:order-none">
        <StatusBadge status={result.status} />
      </span>
      {columns.code ? <span className="hidden tabular-nums md:block">{result.statusCode ?? '—'}</span> : null}
      {columns.response ? <Response result={result} response={columns.response} /> : null}
      {/* A region's name never wraps at its hyphens ("eu-central-1"): a long one is cut, whole in its title. */}
      <span className="hidden truncate text-muted md:block" title={result.region}>
        {result.region}
      </span>
      <Details result={result} />
    </li>
  );
}

/** How the card names what it lists: a heartbeat receives runs' pings, it checks nothing. */
function wordsOf(kind: MonitorKind) {
  return kindUi(kind).passive
    ? {
        title: 'Recent runs',
        empty: 'No pings yet. The first run shows here once its job pings the URL above.',
        older: 'Show older runs',
      }
    : {
        title: 'Recent checks',
        empty: 'No checks yet. The first one runs shortly.',
        older: 'Show older checks',
      };
}

export function RecentChecks({
  results,
  hasMore,
  loadingMore,
  onLoadMore,
  kind,
}: {
  results: CheckResult[];
  kind: MonitorKind;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const timeZone = useTimeZone();
  const [shown, setShown] = useState(PAGE);
  const columns = checkColumns(kind);
  const words = wordsOf(kind);
  const showMore = () => {
    setShown(shown + PAGE);
    if (shown + PAGE > results.length && hasMore) onLoadMore();
  };
  return (
    <Card className="overflow-hidden" style={{ '--check-columns': gridTemplate(columns) } as CSSProperties}>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>{words.title}</CardTitle>
      </CardHeader>
      {results.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted sm:px-6">{words.empty}</p>
      ) : (
        <>
          <div
            aria-hidden
            className={cn(
              ROW,
              'hidden border-y border-border bg-surface text-xs font-medium tracking-wide text-muted uppercase md:grid',
            )}
          >
            <span>Time</span>
            <span>Result</span>
            {columns.code ? <span>Code</span> : null}
            {columns.response ? <span>Response</span> : null}
            <span>Region</span>
            <span>Details</span>
          </div>
          <ul
            aria-label={words.title}
            className="divide-y divide-border border-t border-border md:border-t-0"
          >
            {results.slice(0, shown).map((result) => (
              <CheckRow key={result.id} result={result} timeZone={timeZone} columns={columns} />
            ))}
          </ul>
        </>
      )}
      {hasMore || shown < results.length ? (
        <div className="border-t border-border p-3 text-center">
          <Button variant="secondary" size="sm" onClick={showMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : words.older}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
