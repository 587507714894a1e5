// The registration of the monitor's domain (RDAP, looked up daily): when it expires and with whom.
// Shows nothing until the monitor has opted in to domain expiry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DomainExpiry } from '../../../../core/api/domains';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiGet } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { monitorKeys, monitorPath } from '../../../lib/monitors';
import { useTimeZone } from '../../../lib/use-time-zone';
import { DANGER_DAYS, daysLeftText, GOOD_DAYS, URGENCY_TEXT, type Urgency } from './validity';

export function domainQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...monitorKeys.detail(id), 'domain'] as const,
    queryFn: ({ signal }) => apiGet<DomainExpiry>(monitorPath(id, 'domain'), signal),
  });
}

function urgencyOf(days: number): Urgency {
  if (days < DANGER_DAYS) return 'danger';
  return days < GOOD_DAYS ? 'warning' : 'good';
}

export function DomainCard({ monitorId }: { monitorId: string }) {
  const timeZone = useTimeZone();
  const query = useQuery(domainQueryOptions(monitorId));
  const domain = query.data;
  if (!domain?.enabled || domain.domain === null) return null;
  const { expiresAt, daysRemaining } = domain;
  return (
    <Card data-testid="domain-card">
      <CardHeader>
        <CardTitle>Domain {domain.domain}</CardTitle>
        <CardDescription>
          {domain.registrar ? `Registered with ${domain.registrar}` : 'Registration looked up over RDAP'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {expiresAt !== null && daysRemaining !== null ? (
          <p className={`font-semibold ${URGENCY_TEXT[urgencyOf(daysRemaining)]}`}>
            {daysLeftText(daysRemaining, expiresAt, timeZone)}
            {daysRemaining >= 0 ? ` · expires ${formatDate(expiresAt, timeZone)}` : null}
          </p>
        ) : domain.checkedAt === null ? (
          <p className="text-muted">The first lookup of this domain runs in a moment.</p>
        ) : null}
        {domain.error ? <p className="text-danger">{domain.error.message}</p> : null}
        {domain.checkedAt !== null ? (
          <p className="text-muted">
            Last looked up {formatDateTime(domain.checkedAt, timeZone, false)}; warnings go out at 30, 14, 7,
            3 and 1 days.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
