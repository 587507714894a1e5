import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldRange } from '../../../../core/api/field';
import type { PerformanceSite } from '../../../../core/api/performance';
import { FormError } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { fieldReportQueryOptions, refreshFieldReports, rumSettingsQueryOptions } from '../../../lib/field';
import { formatCount } from '../../../lib/format';
import { RumAllowanceBanner } from '../rum-allowance-banner';
import { AttributionList } from './attribution-list';
import { FieldDevices, FieldRoutes } from './field-breakdown';
import { FieldCard } from './field-card';
import { FieldTrends } from './field-trends';
import { DEFAULT_FIELD_RANGE, RANGE_WORDS, RangePicker } from './range-picker';
import { SetupCard } from './setup-card';
import { Verdict } from './verdict';
import { VitalTiles } from './vital-tiles';

/** The range's p75 tiles under the Core Web Vitals verdict, then what to fix. */
function FieldSummary({ siteId, range }: { siteId: string; range: FieldRange }) {
  const report = useQuery(fieldReportQueryOptions(siteId, range, 'none'));
  if (report.isPending) return <Spinner />;
  if (report.isError)
    return <FormError>{`We couldn't load the field figures. ${report.error.message}`}</FormError>;
  const { data } = report;
  return (
    <>
      <FieldCard
        title="Core Web Vitals"
        description={`${formatCount(data.pageViews, 'page view', 'page views')} over the ${RANGE_WORDS[range]}.`}
      >
        <div className="flex flex-col gap-4">
          {data.pageViews === 0 ? (
            <p className="text-sm text-muted">No page views in this range yet.</p>
          ) : (
            <Verdict metrics={data.metrics} range={range} />
          )}
          <VitalTiles report={data} />
        </div>
      </FieldCard>
      <AttributionList attribution={data.attribution} />
    </>
  );
}

/** When the first page view comes while the page is open, the figures asked for before are stale. */
function useTurnsLive(siteId: string, firstPageViewAt: number | null | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(firstPageViewAt);
  useEffect(() => {
    if (seen.current === firstPageViewAt) return;
    seen.current = firstPageViewAt;
    if (firstPageViewAt != null) refreshFieldReports(queryClient, siteId);
  }, [firstPageViewAt, siteId, queryClient]);
}

/**
 * Field: what the site's real visitors saw (issue 42, item 4), beside the lab's runs. Until the
 * first page view only the setup card shows; then the range's verdict and tiles, trends, routes,
 * devices and what to fix, with the setup card last.
 */
export function FieldSection({ site }: { site: PerformanceSite }) {
  const settings = useQuery(rumSettingsQueryOptions(site.id));
  const [range, setRange] = useState<FieldRange>(DEFAULT_FIELD_RANGE);
  useTurnsLive(site.id, settings.data?.firstPageViewAt);
  const live = settings.data?.firstPageViewAt != null;
  return (
    <section aria-labelledby="field-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="field-heading" className="text-xl font-semibold tracking-tight">
            Field
          </h2>
          <p className="text-sm text-muted">
            Real visitors' page views, at the 75th percentile as Google ranks them.
          </p>
        </div>
        {live ? <RangePicker value={range} onChange={setRange} /> : null}
      </div>
      <RumAllowanceBanner settings={settings.data} />
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <FormError>{`We couldn't load real-user monitoring. ${settings.error.message}`}</FormError>
      ) : live ? (
        <>
          <FieldSummary siteId={site.id} range={range} />
          <FieldTrends siteId={site.id} monitorId={site.monitorId} range={range} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FieldRoutes siteId={site.id} range={range} />
            <FieldDevices siteId={site.id} range={range} />
          </div>
          <SetupCard siteId={site.id} settings={settings.data} />
        </>
      ) : (
        <SetupCard siteId={site.id} settings={settings.data} />
      )}
    </section>
  );
}
