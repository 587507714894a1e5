import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { monitorQueryOptions } from './monitors';

const route = getRouteApi('/dashboard/monitors/$id');

/** The monitor of the detail route; the route's loader has already fetched it. */
export function useRouteMonitor() {
  const { id } = route.useParams();
  return useSuspenseQuery(monitorQueryOptions(id)).data;
}
