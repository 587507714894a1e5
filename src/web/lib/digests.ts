// Digest settings and reports: query keys and fetchers for the settings card and /dashboard/reports.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DigestReport, DigestReportSummary, DigestSettings } from '../../core/api/digests';
import { apiGet } from './api';
import { dateTimeFormat } from './format';

export const digestKeys = {
  settings: ['digest-settings'] as const,
  reports: ['digest-reports'] as const,
  report: (id: string) => ['digest-report', id] as const,
};

export const DIGEST_SETTINGS_PATH = '/api/v1/digest-settings';
export const DIGEST_PREVIEW_PATH = '/api/v1/reports/preview';

export const digestSettingsQueryOptions = queryOptions({
  queryKey: digestKeys.settings,
  queryFn: ({ signal }) => apiGet<DigestSettings>(DIGEST_SETTINGS_PATH, signal),
});

export const reportsQueryOptions = infiniteQueryOptions({
  queryKey: digestKeys.reports,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiGet<{ reports: DigestReportSummary[]; nextCursor: string | null }>(
      `/api/v1/reports?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      signal,
    ),
  getNextPageParam: (page) => page.nextCursor,
});

export function reportQueryOptions(id: string) {
  return queryOptions({
    queryKey: digestKeys.report(id),
    queryFn: ({ signal }) => apiGet<DigestReport>(`/api/v1/reports/${encodeURIComponent(id)}`, signal),
  });
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** "08:00" for 8: the hour the digest goes out, in the owner's zone. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "Nov 9, 2026 – Nov 15, 2026": a period's days (the end is the exclusive midnight after). */
export function formatPeriod(start: number, end: number, timeZone: string): string {
  const format = dateTimeFormat({ timeZone, dateStyle: 'medium' });
  const first = format.format(start);
  const last = format.format(Math.max(start, end - 1));
  return first === last ? first : `${first} – ${last}`;
}
