import { useQuery } from '@tanstack/react-query';
import type { MonitorRegionState, MonitorRegions } from '../../../../core/api/regions';
import { CheckedAgo } from '../../../components/monitors/checked-ago';
import { StatusBadge } from '../../../components/monitors/status';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { monitorRegionsQueryOptions } from '../../../lib/regions';

/** "Down when 2 of 3 live regions fail": the quorum as it stands with the regions online now. */
export function quorumLine({ effectiveQuorum, states }: Pick<MonitorRegions, 'effectiveQuorum' | 'states'>) {
  const live = states.filter((state) => state.online).length;
  if (effectiveQuorum === null || live === 0)
    return 'No region is live: the monitor keeps its last status until one reports.';
  const regions = live === 1 ? 'region' : 'regions';
  return `Down when ${effectiveQuorum} of ${live} live ${regions} ${effectiveQuorum === 1 ? 'fails' : 'fail'}`;
}

function RegionRow({
  state,
  formatLatency,
}: {
  state: MonitorRegionState;
  formatLatency: ((ms: number) => string) | null;
}) {
  const error = state.failure ? (state.failure.message ?? state.failure.code) : null;
  const dim = !state.online && 'opacity-60';
  return (
    <>
      <tr className={cn('border-t border-border align-top [&>td]:py-2', dim)}>
        <td className="pr-3 pl-5 font-medium whitespace-nowrap sm:pr-4 sm:pl-6">
          {state.region}
          {state.online ? null : <span className="ml-2 text-xs font-normal text-muted">offline</span>}
        </td>
        <td className="pr-3 sm:pr-4">
          <StatusBadge status={state.status} />
        </td>
        <td className="pr-3 whitespace-nowrap tabular-nums sm:pr-4">
          {state.latencyMs === null || !formatLatency ? '—' : formatLatency(state.latencyMs)}
        </td>
        <td className="pr-5 whitespace-nowrap text-muted sm:pr-4">
          <CheckedAgo at={state.lastCheckedAt} prefix="" />
        </td>
        <td className="hidden min-w-48 pr-6 text-danger sm:table-cell">{error}</td>
      </tr>
      {/* A narrow screen has no room for an error column: the error gets a line of its own. */}
      {error ? (
        <tr className={cn('sm:hidden', dim)}>
          <td colSpan={4} className="px-5 pb-2 text-danger">
            {error}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** What each region sees of a monitor checked from several, and how many must fail for it to be down. */
export function RegionsCard({
  monitorId,
  formatLatency,
}: {
  monitorId: string;
  formatLatency: ((ms: number) => string) | null;
}) {
  // A monitor checked from one place has no region rows, and the card has nothing to add.
  const { data } = useQuery(monitorRegionsQueryOptions(monitorId));
  if (!data || data.states.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Regions</CardTitle>
        <CardDescription>{quorumLine(data)}</CardDescription>
      </CardHeader>
      <div className="mt-3 overflow-x-auto pb-2">
        <table className="w-full text-left text-sm">
          <thead className="text-xs tracking-wide text-muted uppercase">
            <tr className="[&>th]:py-2 [&>th]:pr-3 [&>th]:font-medium sm:[&>th]:pr-4 [&>th]:whitespace-nowrap">
              <th scope="col" className="pl-5 sm:pl-6">
                Region
              </th>
              <th scope="col">Status</th>
              <th scope="col">Latency</th>
              <th scope="col">Checked</th>
              <th scope="col" className="hidden sm:table-cell">
                Error
              </th>
            </tr>
          </thead>
          <tbody>
            {data.states.map((state) => (
              <RegionRow key={state.region} state={state} formatLatency={formatLatency} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
