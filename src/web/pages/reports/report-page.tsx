import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { DigestData } from '../../../core/api/digests';
import { FeatureGate } from '../../components/feature-gate';
import { SectionError } from '../../components/section-error';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatPeriod, reportQueryOptions } from '../../lib/digests';
import { formatDateTime, formatDuration, formatNumber, formatPercent } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

const route = getRouteApi('/dashboard/reports/$id');

function KeyFigures({ data }: { data: DigestData }) {
  const figures: [string, string][] = [
    ['Uptime', data.overall.uptimePercent === null ? '—' : formatPercent(data.overall.uptimePercent)],
    ['Incidents', formatNumber(data.incidents.count)],
    [
      'Downtime',
      data.incidents.downtimeMinutes === 0 ? 'None' : formatDuration(data.incidents.downtimeMinutes * 60_000),
    ],
    ['Certificates expiring', formatNumber(data.certificatesExpiring.length)],
    ['Deployments', formatNumber(data.deployments)],
  ];
  return (
    <dl aria-label="Key figures" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <Card key={label} className="p-4">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-1 text-lg font-semibold">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function Report({ id }: { id: string }) {
  const timeZone = useTimeZone();
  const report = useQuery(reportQueryOptions(id));
  if (report.isPending) return <Spinner label="Loading report" />;
  if (report.isError) return <SectionError title="Report not found" message={report.error.message} />;
  const { data } = report;
  return (
    <>
      <PageHeader
        title={`${data.frequency === 'daily' ? 'Daily' : 'Weekly'} digest`}
        description={`${formatPeriod(data.periodStart, data.periodEnd, timeZone)} · ${
          data.sentAt === null ? 'Not sent' : `Sent ${formatDateTime(data.sentAt, timeZone, false)}`
        }`}
      />
      <KeyFigures data={data.data} />
      <Card className="overflow-hidden">
        {/* The stored mail, isolated: no scripts, no same-origin access, no navigation of the app. */}
        <iframe title="Digest email" sandbox="" srcDoc={data.html} className="h-[70vh] w-full bg-white" />
      </Card>
    </>
  );
}

export function ReportPage() {
  const { id } = route.useParams();
  return (
    <>
      <Link
        to="/dashboard/reports"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Reports
      </Link>
      <FeatureGate gate="digests">
        <Report id={id} />
      </FeatureGate>
    </>
  );
}
