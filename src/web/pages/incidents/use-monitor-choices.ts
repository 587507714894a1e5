import { useInfiniteQuery } from '@tanstack/react-query';
import { monitorListQueryOptions } from '../../lib/monitors';

// Pickers name the first page of monitors (the API's largest); past that, work from the monitor's page.
const CHOICES = 200;

/** The account's monitors for a filter or picker: undefined while loading. */
export function useMonitorChoices() {
  return useInfiniteQuery({
    ...monitorListQueryOptions({ limit: CHOICES }),
    select: (list) => list.pages.flatMap((page) => page.monitors),
  }).data;
}
