import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { incidentQueryOptions } from '../../lib/incidents';

const route = getRouteApi('/dashboard/incidents/$id');

/** The incident of the detail route, polled; the route's loader has already fetched it. */
export function useRouteIncident() {
  const { id } = route.useParams();
  return useSuspenseQuery(incidentQueryOptions(id)).data;
}
