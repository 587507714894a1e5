import { useQuery } from '@tanstack/react-query';
import { ALERT_KIND_LABELS, CHANNEL_LABELS } from '../../../../core/api/alerts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { deliveriesQuery } from './alert-queries';

const STATUS_LABELS = { pending: 'Retrying', sent: 'Sent', failed: 'Failed' } as const;

export function DeliveriesCard() {
  const timeZone = useTimeZone();
  const { data: deliveries = [] } = useQuery(deliveriesQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent alerts</CardTitle>
        <CardDescription>
          Each alert and its attempts. Failures are retried 30 s, 2 min, 10 min and 30 min after the first
          try.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted">No alerts sent yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-3 font-medium">When</th>
                <th className="py-2 pr-3 font-medium">Monitor</th>
                <th className="py-2 pr-3 font-medium">Alert</th>
                <th className="py-2 pr-3 font-medium">Channel</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Attempts</th>
                <th className="py-2 font-medium">Last error</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatDateTime(d.createdAt, timeZone, false)}
                  </td>
                  <td className="py-2 pr-3">{d.monitor?.name ?? '—'}</td>
                  <td className="py-2 pr-3">{ALERT_KIND_LABELS[d.kind]}</td>
                  <td className="py-2 pr-3">
                    {d.channel ? `${CHANNEL_LABELS[d.channel.kind]} · ${d.channel.name}` : 'Deleted channel'}
                  </td>
                  <td className="py-2 pr-3">{STATUS_LABELS[d.status]}</td>
                  <td className="py-2 pr-3">{d.attempts}</td>
                  <td className="py-2 text-muted">{d.lastError ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
