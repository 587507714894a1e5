// Real visitors' data of a performance site (issue 42): its RUM settings (the snippet) and the
// field report, each a query key and fetcher, like the lab's in ./performance.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  FieldGrouping,
  FieldRange,
  FieldReport,
  RumSettings,
  RumSettingsInput,
} from '../../core/api/field';
import { apiGet, apiSend, withQuery } from './api';
import { performanceKeys, sitePath } from './performance';

/** While the snippet waits for its first page view, the settings are asked for this often. */
export const FIRST_PAGE_VIEW_POLL_MS = 5000;
/** Once live, the figures are asked for again this often: new page views land every second. */
export const FIELD_POLL_MS = 60_000;

export const fieldKeys = {
  settings: (siteId: string) => [...performanceKeys.site(siteId), 'rum'] as const,
  reports: (siteId: string) => [...performanceKeys.site(siteId), 'field'] as const,
  report: (siteId: string, range: FieldRange, groupBy: FieldGrouping) =>
    [...fieldKeys.reports(siteId), range, groupBy] as const,
};

/** Whether the snippet is on and no page view has come yet: the setup card waits for one. */
export function isWaiting(settings: RumSettings | undefined): boolean {
  return settings?.enabled === true && settings.firstPageViewAt === null;
}

export function rumSettingsQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: fieldKeys.settings(siteId),
    queryFn: ({ signal }) => apiGet<RumSettings>(sitePath(siteId, 'rum'), signal),
    refetchInterval: (query) => (isWaiting(query.state.data) ? FIRST_PAGE_VIEW_POLL_MS : false),
  });
}

export function fieldReportQueryOptions(siteId: string, range: FieldRange, groupBy: FieldGrouping) {
  return queryOptions({
    queryKey: fieldKeys.report(siteId, range, groupBy),
    queryFn: ({ signal }) =>
      apiGet<FieldReport>(withQuery(sitePath(siteId, 'field'), { range, groupBy }), signal),
    refetchInterval: FIELD_POLL_MS,
  });
}

/** PUT …/rum; the answer replaces the cached settings, and the figures are fetched again. */
export async function saveRumSettings(
  queryClient: QueryClient,
  siteId: string,
  input: RumSettingsInput,
): Promise<RumSettings> {
  const saved = await apiSend<RumSettings>('PUT', sitePath(siteId, 'rum'), input);
  queryClient.setQueryData(fieldKeys.settings(siteId), saved);
  return saved;
}

/** The first page view has come: the figures asked for while waiting are out of date. */
export function refreshFieldReports(queryClient: QueryClient, siteId: string): void {
  void queryClient.invalidateQueries({ queryKey: fieldKeys.reports(siteId) });
}
