import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditEventList, AuditResourceType } from '../../core/api/audit';
import { apiGet, withQuery } from './api';

const PAGE_SIZE = 50;

export interface AuditFilters {
  actor?: string;
  resourceType?: AuditResourceType;
  /** Epoch ms: events at or after it. */
  since?: number;
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['workspace', 'audit-events', filters] as const,
    queryFn: ({ signal, pageParam }) =>
      apiGet<AuditEventList>(
        withQuery('/api/v1/audit-events', { ...filters, limit: PAGE_SIZE, cursor: pageParam }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
