import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldRange, FieldReport } from '../../../../core/api/field';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { fieldReportQueryOptions } from '../../../lib/field';
import { formatNumber } from '../../../lib/format';
import { FieldCard } from './field-card';
import { worstFirst } from './field-format';
import { GroupTable } from './group-table';

const ROUTES_SHOWN = 10;

const DEVICE_LABELS: Record<string, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' };

/** The report once it has come, else its spinner, its error or "no page views". */
function Loading({
  report,
  what,
  children,
}: {
  report: UseQueryResult<FieldReport>;
  what: string;
  children: (data: FieldReport) => ReactNode;
}) {
  if (report.isPending) return <Spinner />;
  if (report.isError) return <FormError>{`We couldn't load the ${what}. ${report.error.message}`}</FormError>;
  if (report.data.groups.length === 0)
    return <p className="text-sm text-muted">No page views in this range.</p>;
  return <>{children(report.data)}</>;
}

/** Routes worst first (their worst Core Web Vital, then LCP), the first ten and the rest on request. */
export function FieldRoutes({ siteId, range }: { siteId: string; range: FieldRange }) {
  const report = useQuery(fieldReportQueryOptions(siteId, range, 'route'));
  const [all, setAll] = useState(false);
  return (
    <FieldCard title="Routes" description="Worst first: by the worst of LCP, INP and CLS at p75, then LCP.">
      <Loading report={report} what="routes">
        {(data) => {
          const sorted = [...data.groups].sort((a, b) => worstFirst(a.metrics, b.metrics));
          const shown = all ? sorted : sorted.slice(0, ROUTES_SHOWN);
          return (
            <div className="flex flex-col gap-3">
              <GroupTable
                caption="Routes"
                keyHeading="Route"
                groups={shown}
                totalPageViews={data.pageViews}
                mono
              />
              {sorted.length > ROUTES_SHOWN ? (
                <div>
                  <Button variant="secondary" size="sm" onClick={() => setAll(!all)}>
                    {all
                      ? `Show the worst ${ROUTES_SHOWN}`
                      : `Show all ${formatNumber(sorted.length)} routes`}
                  </Button>
                </div>
              ) : null}
            </div>
          );
        }}
      </Loading>
    </FieldCard>
  );
}

/** Mobile, tablet and desktop page views, most first, each with its own p75s. */
export function FieldDevices({ siteId, range }: { siteId: string; range: FieldRange }) {
  const report = useQuery(fieldReportQueryOptions(siteId, range, 'device'));
  return (
    <FieldCard
      title="Devices"
      description="Phones, tablets and desktops, as the visitor's browser names itself."
    >
      <Loading report={report} what="devices">
        {(data) => (
          <GroupTable
            caption="Devices"
            keyHeading="Device"
            groups={data.groups}
            totalPageViews={data.pageViews}
            renderKey={(key) => DEVICE_LABELS[key] ?? key}
          />
        )}
      </Loading>
    </FieldCard>
  );
}
