import { Play, RefreshCw } from 'lucide-react';
import type { Monitor } from '../../../../core/api/monitors';
import { CheckedAgo } from '../../../components/monitors/checked-ago';
import { STATUS_LABELS, StatusDot } from '../../../components/monitors/status';
import { WriteButton } from '../../../components/role-lock';
import { Card, CardContent } from '../../../components/ui/card';
import { formatDateTime, formatDuration, formatInterval } from '../../../lib/format';
import { useMonitorAction } from '../../../lib/use-monitor-actions';
import { useNow } from '../../../lib/use-now';
import { useTimeZone } from '../../../lib/use-time-zone';
import { latencyFormat } from '../kinds/faces';
import { kindUi } from '../kinds/registry';

function Since({ at }: { at: number | null }) {
  const now = useNow(1000);
  const timeZone = useTimeZone();
  if (at === null) return null;
  return (
    <span title={formatDateTime(at, timeZone)}>
      for {formatDuration(now - at)} · since {formatDateTime(at, timeZone, false)}
    </span>
  );
}

export function CurrentStatus({ monitor }: { monitor: Monitor }) {
  const check = useMonitorAction('check');
  const resume = useMonitorAction('resume');
  const { passive } = kindUi(monitor.kind);
  const formatLatency = latencyFormat(monitor.kind);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <StatusDot status={monitor.status} className="mt-2 size-3" />
          <div className="min-w-0">
            <p className="text-lg font-semibold">
              {STATUS_LABELS[monitor.status]}{' '}
              <span className="text-sm font-normal text-muted">
                <Since at={monitor.lastStatusChangeAt} />
              </span>
            </p>
            <p className="text-sm text-muted">
              <CheckedAgo at={monitor.lastCheckedAt} />
              {monitor.lastLatencyMs !== null && formatLatency
                ? ` · ${formatLatency(monitor.lastLatencyMs)}`
                : null}{' '}
              · {formatInterval(monitor.intervalSeconds)}
            </p>
          </div>
        </div>
        {monitor.paused ? (
          <WriteButton
            variant="secondary"
            disabled={resume.isPending}
            onClick={() => resume.mutate(monitor.id)}
          >
            <Play className="size-4" aria-hidden />
            Resume
          </WriteButton>
        ) : passive ? null : (
          <WriteButton
            variant="secondary"
            disabled={check.isPending}
            onClick={() => check.mutate(monitor.id)}
          >
            <RefreshCw className={check.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
            Check now
          </WriteButton>
        )}
      </CardContent>
    </Card>
  );
}
