import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatPercent } from '../../../lib/format';
import { monitorUptimeQueryOptions } from '../../../lib/monitors';
import { useRouteMonitor } from '../../../lib/use-monitor';
import { latencyFormat } from '../kinds/faces';
import { OutageList } from './outage-list';
import { UptimeStrip } from './uptime-strip';

const LEGEND = [
  { label: '≥ 99.9%', className: 'bg-accent' },
  { label: '≥ 99%', className: 'bg-emerald-300 dark:bg-emerald-700' },
  { label: '≥ 95%', className: 'bg-warning' },
  { label: '< 95%', className: 'bg-danger' },
  { label: 'No data', className: 'bg-muted/25' },
];

export function UptimeTab() {
  const monitor = useRouteMonitor();
  const uptime = useQuery(monitorUptimeQueryOptions(monitor.id));
  if (uptime.isPending) return <PageSpinner />;
  if (uptime.isError) return <FormError>{`We couldn't load uptime. ${uptime.error.message}`}</FormError>;
  const { daily, outages, windows } = uptime.data;
  const overall = windows['90d'].uptimePercent;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Last 90 days</CardTitle>
          <CardDescription>
            {overall === null ? 'No checks yet.' : `${formatPercent(overall)} uptime over 90 days.`} Days run
            midnight to midnight UTC.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <UptimeStrip daily={daily} formatLatency={latencyFormat(monitor.kind)} />
          <div className="mt-2 flex justify-between text-xs text-muted">
            <span>90 days ago</span>
            <span>Today</span>
          </div>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
            {LEGEND.map((item) => (
              <li key={item.label} className="inline-flex items-center gap-1.5">
                <span className={`size-2.5 rounded-[2px] ${item.className}`} aria-hidden />
                {item.label}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <OutageList outages={outages} />
    </div>
  );
}
