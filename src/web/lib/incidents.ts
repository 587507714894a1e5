import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type {
  Incident,
  IncidentEvent,
  IncidentList,
  IncidentNote,
  IncidentSeverity,
  IncidentStats,
} from '../../core/api/incidents';
import { apiGet, RequestError, withQuery } from './api';

/**
 * Live push does not carry incidents yet, so open screens poll: an outage the engine opens
 * shows up within this long.
 */
export const INCIDENT_POLL_MS = 15_000;
export const INCIDENT_PAGE_SIZE = 50;

export const TIME_RANGES = {
  '24h': { label: 'Last 24 hours', ms: 86_400_000 },
  '7d': { label: 'Last 7 days', ms: 7 * 86_400_000 },
  '30d': { label: 'Last 30 days', ms: 30 * 86_400_000 },
  '90d': { label: 'Last 90 days', ms: 90 * 86_400_000 },
} as const;
export type TimeRange = keyof typeof TIME_RANGES;

/** The list's filters; the time range stays a name so the query key does not change every ms. */
export interface IncidentFilters {
  state?: 'open' | 'resolved';
  monitorId?: string;
  severity?: IncidentSeverity;
  range?: TimeRange;
}

// One key tree, so a write can refresh every list and the incident's own tabs at once.
export const incidentKeys = {
  all: ['incidents'] as const,
  lists: () => [...incidentKeys.all, 'list'] as const,
  list: (scope: string, filters: IncidentFilters) => [...incidentKeys.lists(), scope, filters] as const,
  detail: (id: string) => [...incidentKeys.all, 'detail', id] as const,
  timeline: (id: string) => [...incidentKeys.detail(id), 'timeline'] as const,
  notes: (id: string) => [...incidentKeys.detail(id), 'notes'] as const,
  stats: (monitorId: string, days: number) => [...incidentKeys.all, 'stats', monitorId, days] as const,
};

export function incidentPath(id: string, action?: string): string {
  const base = `/api/v1/incidents/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

/**
 * Incidents newest first. `scope` 'all' reads `/incidents` (every plan); a monitor id reads
 * that monitor's gated list (`/monitors/{id}/incidents`, incident management).
 */
export function incidentListQueryOptions(filters: IncidentFilters, scope = 'all') {
  const path =
    scope === 'all' ? '/api/v1/incidents' : `/api/v1/monitors/${encodeURIComponent(scope)}/incidents`;
  return infiniteQueryOptions({
    queryKey: incidentKeys.list(scope, filters),
    queryFn: ({ signal, pageParam }) =>
      apiGet<IncidentList>(
        withQuery(path, {
          limit: INCIDENT_PAGE_SIZE,
          cursor: pageParam,
          state: filters.state,
          severity: filters.severity,
          monitorId: scope === 'all' ? filters.monitorId : undefined,
          from: filters.range ? Date.now() - TIME_RANGES[filters.range].ms : undefined,
        }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: INCIDENT_POLL_MS,
  });
}

export function incidentQueryOptions(id: string) {
  return queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<Incident>(incidentPath(id), signal);
      } catch (error) {
        if (error instanceof RequestError && error.status === 404) throw notFound();
        throw error;
      }
    },
    refetchInterval: INCIDENT_POLL_MS,
  });
}

export function incidentTimelineQueryOptions(id: string) {
  return queryOptions({
    queryKey: incidentKeys.timeline(id),
    queryFn: ({ signal }) => apiGet<{ events: IncidentEvent[] }>(incidentPath(id, 'timeline'), signal),
    refetchInterval: INCIDENT_POLL_MS,
  });
}

export function incidentNotesQueryOptions(id: string) {
  return queryOptions({
    queryKey: incidentKeys.notes(id),
    queryFn: ({ signal }) => apiGet<{ notes: IncidentNote[] }>(incidentPath(id, 'notes'), signal),
  });
}

export function incidentStatsQueryOptions(monitorId: string, days: 30 | 90) {
  return queryOptions({
    queryKey: incidentKeys.stats(monitorId, days),
    queryFn: ({ signal }) =>
      apiGet<IncidentStats>(
        withQuery(`/api/v1/monitors/${encodeURIComponent(monitorId)}/incident-stats`, { days }),
        signal,
      ),
  });
}
