import { useInfiniteQuery } from '@tanstack/react-query';
import type { CheckResult } from '../../../../core/api/history';
import { monitorResultsQueryOptions } from '../../../lib/monitors';

/** The latest page of a monitor's checks, newest first: the same query the overview's chart reads. */
export function useRecentResults(monitorId: string): { results: CheckResult[]; pending: boolean } {
  const query = useInfiniteQuery(monitorResultsQueryOptions(monitorId));
  return { results: query.data?.pages[0]?.results ?? [], pending: query.isPending };
}

/** The middle value, or null when there is none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
