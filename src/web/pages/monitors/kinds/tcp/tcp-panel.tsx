import type { CheckResult } from '../../../../../core/api/history';
import type { MonitorOf } from '../../../../../core/api/monitors';
import { StatusBadge } from '../../../../components/monitors/status';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatDateTime, formatMs } from '../../../../lib/format';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { median, useRecentResults } from '../recent-results';

/** Checks listed under the medians. */
const ROWS = 8;

type Phase = 'connectMs' | 'tlsMs' | 'ttfbMs';

function phasesOf(monitor: MonitorOf<'tcp'>): { key: Phase; label: string }[] {
  return [
    { key: 'connectMs', label: 'Connect' },
    ...(monitor.tls ? [{ key: 'tlsMs' as const, label: 'TLS handshake' }] : []),
    // Only a check that sends or waits for text measures its first byte.
    ...(monitor.send !== null || monitor.expect !== null
      ? [{ key: 'ttfbMs' as const, label: 'First byte' }]
      : []),
  ];
}

function ms(value: number | null): string {
  return value === null ? '—' : formatMs(value);
}

function medianOf(results: readonly CheckResult[], key: Phase): number | null {
  return median(results.flatMap((result) => (result.timings[key] === null ? [] : [result.timings[key]])));
}

/** A TCP monitor's overview facts: how long connecting, the handshake and the answer take. */
export function TcpPanel({ monitor }: { monitor: MonitorOf<'tcp'> }) {
  const { results } = useRecentResults(monitor.id);
  const timeZone = useTimeZone();
  const phases = phasesOf(monitor);
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Connection timings</CardTitle>
        <CardDescription>
          Medians over the last {results.length === 1 ? 'check' : `${results.length} checks`}, then the latest
          checks one by one.
        </CardDescription>
      </CardHeader>
      {results.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted sm:px-6">No checks yet. The first one runs shortly.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 px-5 pb-5 sm:grid-cols-4 sm:px-6">
            {phases.map((phase) => (
              <div key={phase.key}>
                <dt className="text-xs text-muted">{phase.label}</dt>
                <dd className="text-xl font-semibold tabular-nums">{ms(medianOf(results, phase.key))}</dd>
              </div>
            ))}
          </dl>
          <table
            className="w-full border-t border-border text-sm"
            aria-label="Connection timings of recent checks"
          >
            <thead className="bg-surface text-left text-xs tracking-wide text-muted uppercase">
              <tr className="[&>th]:px-5 [&>th]:py-2 sm:[&>th]:px-6">
                <th scope="col" className="font-medium">
                  Time
                </th>
                <th scope="col" className="font-medium">
                  Result
                </th>
                {phases.map((phase) => (
                  <th key={phase.key} scope="col" className="font-medium">
                    {phase.label}
                  </th>
                ))}
                <th scope="col" className="font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {results.slice(0, ROWS).map((result) => (
                <tr key={result.id} className="tabular-nums [&>td]:px-5 [&>td]:py-2 sm:[&>td]:px-6">
                  <td className="whitespace-nowrap text-muted">
                    {formatDateTime(result.checkedAt, timeZone)}
                  </td>
                  <td>
                    <StatusBadge status={result.status} />
                  </td>
                  {phases.map((phase) => (
                    <td key={phase.key}>{ms(result.timings[phase.key])}</td>
                  ))}
                  <td>{formatMs(result.totalMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
