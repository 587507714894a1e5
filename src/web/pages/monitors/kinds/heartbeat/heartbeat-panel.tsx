// The heartbeat's detail panel: its ping URL and copy-ready snippets, the schedule with the next
// expected ping in the viewer's time zone, the runs' durations charted, and the ping log.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { HeartbeatPing } from '../../../../../core/api/monitor-kinds/heartbeat';
import type { MonitorOf } from '../../../../../core/api/monitors';
import { formatSeconds } from '../../../../../core/heartbeat-schedule';
import { Card } from '../../../../components/ui/card';
import { CopyButton } from '../../../../components/ui/copy-button';
import { FormError } from '../../../../components/ui/input';
import { apiGet } from '../../../../lib/api';
import { formatDateTime, formatDuration } from '../../../../lib/format';
import { monitorKeys, monitorPath } from '../../../../lib/monitors';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { RunDurationsCard } from './run-durations-card';
import { heartbeatSnippets } from './snippets';

const KIND_LABELS: Record<HeartbeatPing['kind'], string> = {
  start: 'Started',
  success: 'Success',
  fail: 'Failed',
  exit: 'Exit',
};

function pingLabel(ping: HeartbeatPing): string {
  if (ping.kind !== 'exit') return KIND_LABELS[ping.kind];
  return ping.exitStatus === 0 ? 'Exit 0 (success)' : `Exit ${ping.exitStatus} (failed)`;
}

export function heartbeatPingsQueryOptions(monitorId: string) {
  return {
    // Under the monitor's key, so live events refresh it with the rest of its history.
    queryKey: monitorKeys.pings(monitorId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiGet<{ pings: HeartbeatPing[] }>(monitorPath(monitorId, 'pings'), signal),
  };
}

export function HeartbeatPanel({ monitor }: { monitor: MonitorOf<'heartbeat'> }) {
  const timeZone = useTimeZone();
  const snippets = heartbeatSnippets(monitor);
  const [shown, setShown] = useState(snippets[0]?.id);
  const snippet = snippets.find((s) => s.id === shown) ?? snippets[0];
  const pings = useQuery(heartbeatPingsQueryOptions(monitor.id));

  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 p-4">
        <h2 className="text-sm font-medium">Ping URL</h2>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded-ui bg-surface px-2 py-1 font-mono text-sm">
            {monitor.pingUrl}
          </code>
          <CopyButton text={monitor.pingUrl} label="ping URL" />
        </div>
        <div className="flex flex-wrap gap-2" role="tablist" aria-label="Snippets">
          {snippets.map((s) => (
            <button
              key={s.id}
              type="button"
              role="tab"
              aria-selected={s.id === snippet?.id}
              className="rounded-ui px-2 py-1 text-sm aria-selected:bg-surface aria-selected:font-medium"
              onClick={() => setShown(s.id)}
            >
              {s.label}
            </button>
          ))}
        </div>
        {snippet ? (
          <div className="flex items-start gap-2" role="tabpanel">
            <pre className="min-w-0 flex-1 overflow-x-auto rounded-ui bg-surface p-3 font-mono text-xs">
              {snippet.code}
            </pre>
            <CopyButton text={snippet.code} label={`${snippet.label} snippet`} />
          </div>
        ) : null}
      </Card>

      <Card className="grid gap-1 p-4 text-sm">
        <h2 className="font-medium">Schedule</h2>
        <p>
          {monitor.cron
            ? `${monitor.cron} in ${monitor.timezone}`
            : `Every ${formatSeconds(monitor.periodSeconds ?? 0)}`}
          , grace {formatSeconds(monitor.graceSeconds)}
        </p>
        <p>
          Next expected ping:{' '}
          {monitor.nextDueAt === null
            ? 'after the first ping'
            : formatDateTime(monitor.nextDueAt, timeZone, false)}
          {monitor.late ? <span className="ml-2 font-medium text-warning">Late</span> : null}
        </p>
      </Card>

      {pings.data ? <RunDurationsCard pings={pings.data.pings} /> : null}

      <Card className="p-4">
        <h2 id="heartbeat-pings-title" className="mb-2 text-sm font-medium">
          Last pings
        </h2>
        {pings.isError ? <FormError>{`We couldn't load the pings. ${pings.error.message}`}</FormError> : null}
        {pings.data?.pings.length === 0 ? <p className="text-sm text-muted">No pings yet.</p> : null}
        <table className="w-full text-sm" aria-labelledby="heartbeat-pings-title">
          <tbody>
            {pings.data?.pings.map((ping) => (
              <tr key={ping.id} className="border-t border-border">
                <td className="py-1 pr-3">{formatDateTime(ping.at, timeZone)}</td>
                <td className="py-1 pr-3">{pingLabel(ping)}</td>
                <td className="py-1 pr-3">
                  {ping.durationMs === null ? '' : formatDuration(ping.durationMs)}
                </td>
                <td className="py-1 text-muted">{ping.sourceAddress ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
