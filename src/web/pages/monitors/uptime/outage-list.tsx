import type { UptimeReport } from '../../../../core/api/history';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useTimeZone } from '../../../lib/use-time-zone';

type Outage = UptimeReport['outages'][number];

function OutageRow({ outage, now }: { outage: Outage; now: number }) {
  const timeZone = useTimeZone();
  const ongoing = outage.end === null;
  return (
    <li className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div>
        <p className="font-medium">{formatDateTime(outage.start, timeZone, false)}</p>
        <p className="text-xs text-muted">
          {outage.end === null ? 'Still down' : `Recovered ${formatDateTime(outage.end, timeZone, false)}`}
        </p>
      </div>
      <div className="flex items-center gap-2 text-sm tabular-nums">
        {ongoing ? (
          <span className="rounded-full border border-danger/30 bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
            Ongoing
          </span>
        ) : null}
        <span>{formatDuration(ongoing ? now - outage.start : outage.durationMs)}</span>
      </div>
    </li>
  );
}

export function OutageList({ outages }: { outages: Outage[] }) {
  const now = useNow(1000);
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Outages</CardTitle>
      </CardHeader>
      {outages.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted sm:px-6">No outages in the last 90 days.</p>
      ) : (
        <ul aria-label="Outages" className="divide-y divide-border border-t border-border">
          {outages.map((outage) => (
            <OutageRow key={outage.start} outage={outage} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
