import { useQuery } from '@tanstack/react-query';
import type { Region } from '../../../../core/api/regions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { regionsQueryOptions } from '../../../lib/regions';
import { useTimeZone } from '../../../lib/use-time-zone';

const number = new Intl.NumberFormat('en-US');

function RegionCard({ region, timeZone }: { region: Region; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <span aria-hidden className={`size-2.5 rounded-full ${region.online ? 'bg-accent' : 'bg-muted'}`} />
          {region.name}
          <span className="text-sm font-normal text-muted">{region.online ? 'Online' : 'Offline'}</span>
        </CardTitle>
        <CardDescription>
          {number.format(region.checksPerMinute)} checks a minute · last seen{' '}
          {formatDateTime(region.lastSeenAt, timeZone)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-1 pr-4 font-medium">Worker</th>
                <th className="py-1 pr-4 font-medium">Last seen</th>
                <th className="py-1 pr-4 text-right font-medium">Checks/min</th>
                <th className="py-1 text-right font-medium">Lag p99</th>
              </tr>
            </thead>
            <tbody>
              {region.workers.map((worker) => (
                <tr key={worker.id} className="border-t border-border">
                  <td className="py-1.5 pr-4">
                    <span className="font-mono text-xs">
                      {worker.host} · pid {worker.pid}
                    </span>
                    {worker.stoppedAt !== null ? <span className="ml-2 text-muted">stopped</span> : null}
                  </td>
                  <td className="py-1.5 pr-4 tabular-nums">{formatDateTime(worker.lastSeenAt, timeZone)}</td>
                  <td className="py-1.5 pr-4 text-right tabular-nums">
                    {number.format(worker.checksPerMinute)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">
                    {worker.lagP99Ms === null ? '–' : `${number.format(worker.lagP99Ms)} ms`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings → Regions: where checks run from, and whether each region's workers are answering. */
export function RegionsTab() {
  const timeZone = useTimeZone();
  const { data, error } = useQuery(regionsQueryOptions);
  if (error) throw error;
  if (!data) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        Each worker reports every 5 seconds. A region is offline when none of its workers was seen for 2
        minutes; a worker silent for 15 seconds has its checks taken over by the others. Start more with{' '}
        <code>upwatch worker --region NAME</code> on PostgreSQL.
      </p>
      {data.regions.length === 0 ? (
        <p className="text-sm text-muted">No worker has reported yet.</p>
      ) : (
        data.regions.map((region) => <RegionCard key={region.name} region={region} timeZone={timeZone} />)
      )}
    </div>
  );
}
