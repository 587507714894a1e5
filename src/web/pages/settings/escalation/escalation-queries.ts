import { queryOptions } from '@tanstack/react-query';
import type { EscalationPolicyList, MonitorEscalation } from '../../../../core/api/escalation';
import { apiGet } from '../../../lib/api';

export const escalationKeys = {
  policies: ['escalation-policies'] as const,
  monitor: (monitorId: string) => ['monitors', monitorId, 'escalation-policy'] as const,
};

export const policiesQuery = queryOptions({
  queryKey: escalationKeys.policies,
  queryFn: async ({ signal }) =>
    (await apiGet<EscalationPolicyList>('/api/v1/escalation-policies', signal)).policies,
});

export function monitorEscalationQuery(monitorId: string) {
  return queryOptions({
    queryKey: escalationKeys.monitor(monitorId),
    queryFn: ({ signal }) =>
      apiGet<MonitorEscalation>(
        `/api/v1/monitors/${encodeURIComponent(monitorId)}/escalation-policy`,
        signal,
      ),
  });
}

export function policyPath(id?: string): string {
  return id ? `/api/v1/escalation-policies/${encodeURIComponent(id)}` : '/api/v1/escalation-policies';
}
