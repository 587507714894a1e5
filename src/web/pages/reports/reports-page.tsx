import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileBarChart } from 'lucide-react';
import type { DigestReportSummary } from '../../../core/api/digests';
import { FeatureGate } from '../../components/feature-gate';
import { SectionError } from '../../components/section-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatPeriod, reportsQueryOptions } from '../../lib/digests';
import { formatDateTime, formatPercent } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

function ReportRow({ report }: { report: DigestReportSummary }) {
  const timeZone = useTimeZone();
  return (
    <tr className="hover:bg-surface/60 [&>td]:px-4 [&>td]:py-3">
      <td>
        <Link to="/dashboard/reports/$id" params={{ id: report.id }} className="font-medium hover:underline">
          {formatPeriod(report.periodStart, report.periodEnd, timeZone)}
        </Link>
        <p className="text-xs text-muted">{report.frequency === 'daily' ? 'Daily' : 'Weekly'}</p>
      </td>
      <td>{report.uptimePercent === null ? '—' : formatPercent(report.uptimePercent)}</td>
      <td>{report.incidentCount}</td>
      <td className="text-muted">
        {report.sentAt === null ? 'Not sent' : formatDateTime(report.sentAt, timeZone, false)}
      </td>
    </tr>
  );
}

function ReportList() {
  const reports = useInfiniteQuery(reportsQueryOptions);
  if (reports.isPending) return <Spinner label="Loading reports" />;
  if (reports.isError)
    return <SectionError title="Reports could not be loaded" message={reports.error.message} />;
  const rows = reports.data.pages.flatMap((page) => page.reports);
  if (rows.length === 0)
    return (
      <EmptyState icon={FileBarChart} title="No reports yet">
        Your first digest arrives at the next send time in your settings; each one is kept here.
      </EmptyState>
    );
  return (
    <>
      <Card className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Reports">
          <thead className="border-b border-border bg-surface text-left text-xs tracking-wide text-muted uppercase">
            <tr className="[&>th]:px-4 [&>th]:py-2 [&>th]:font-medium">
              <th scope="col">Period</th>
              <th scope="col">Uptime</th>
              <th scope="col">Incidents</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </tbody>
        </table>
      </Card>
      {reports.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void reports.fetchNextPage()}
            disabled={reports.isFetchingNextPage}
          >
            {reports.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" description="Email digests: uptime and performance summaries." />
      <FeatureGate gate="digests">
        <ReportList />
      </FeatureGate>
    </>
  );
}
